import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_PLATFORM_TOKEN } from '../../../test-support/harness.js';

const SALES = 'sales@platform.example';
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Each request from an address of its own (POST /public/* allows 10 a minute per address). */
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `10.174.${Math.floor(++address / 250)}.${(address % 250) + 1}` });

const enquiry = (over: Record<string, unknown> = {}) => ({ name: 'Ann Buyer', email: 'Ann.Buyer@Prospect.Example', company: 'Prospect Foods', message: 'We run 12 cafés.\nCan we see a demo?', ...over });

describe('sales enquiries: POST /public/leads and the operator’s GET /platform/leads (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    // A database of its own: the operator's list reads every enquiry.
    h = await ApiHarness.start({ TRUST_PROXY: 'true', SALES_LEADS_EMAIL: SALES }, { freshDatabase: true });
  });
  after(async () => h.stop());
  const leads = () => h.ds.query(`SELECT id, name, email, company, message, created_at FROM sales_leads ORDER BY created_at, id`);
  // Each enquiry a millisecond after the last, so "the newest" is one row.
  const post = (body: unknown, headers: Record<string, string> = fresh()) => {
    h.clock.advance(1);
    return h.request('POST', '/public/leads', { body, headers });
  };

  describe('POST /public/leads', () => {
    it('stores the enquiry, mails it to SALES_LEADS_EMAIL through the outbox, and answers 201', async () => {
      const before = (await leads()).length;
      const res = await post(enquiry());
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ received: true });
      const rows = await leads();
      expect(rows).to.have.length(before + 1);
      const row = rows.at(-1);
      expect(row).to.deep.include({ name: 'Ann Buyer', email: 'ann.buyer@prospect.example', company: 'Prospect Foods', message: 'We run 12 cafés.\nCan we see a demo?' });
      expect(row.created_at.toISOString()).to.equal(h.clock.now().toISOString());
      const mail = (await h.mailsTo(SALES)).at(-1)!;
      expect(mail).to.deep.include({ template: 'sales_lead', subject: 'Sales enquiry from Prospect Foods', tenantId: '' });
      expect(mail.text).to.contain('Name:     Ann Buyer').and.contain('Email:    ann.buyer@prospect.example').and.contain('Company:  Prospect Foods');
      expect(mail.text).to.contain('Message:\nWe run 12 cafés.\nCan we see a demo?').and.contain(`Enquiry id: ${row.id}`);
      const [outbox] = await h.ds.query(`SELECT tenant_id, template, transport FROM mail_outbox WHERE to_address = $1 ORDER BY created_at DESC LIMIT 1`, [SALES]);
      expect(outbox).to.deep.equal({ tenant_id: null, template: 'sales_lead', transport: 'file' });
    });

    it('takes an enquiry without a message', async () => {
      const res = await post(enquiry({ message: undefined }));
      expect(res.status).to.equal(201);
      expect((await leads()).at(-1).message).to.equal(null);
      expect((await h.mailsTo(SALES)).at(-1)!.text).to.contain('No message.');
    });

    it('answers a filled honeypot exactly like an enquiry, and neither stores nor mails it', async () => {
      const [rows, mails] = [(await leads()).length, (await h.mailsTo(SALES)).length];
      const res = await post(enquiry({ website: 'https://spam.example' }));
      expect([res.status, res.body]).to.deep.equal([201, { received: true }]);
      expect(await leads()).to.have.length(rows);
      expect(await h.mailsTo(SALES)).to.have.length(mails);
      expect((await post(enquiry({ website: '' }))).status).to.equal(201);
      expect(await leads()).to.have.length(rows + 1);
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['a missing name', enquiry({ name: undefined }), ['name is required']],
      ['a blank name', enquiry({ name: '   ' }), ['name must be at least 1 characters']],
      ['a name over 200 characters', enquiry({ name: 'n'.repeat(201) }), ['name must be at most 200 characters']],
      ['a name over two lines', enquiry({ name: 'Ann\nBcc: everyone@example.com' }), ['name must not contain control characters']],
      ['a missing email', enquiry({ email: undefined }), ['email is required']],
      ['an email that is not one', enquiry({ email: 'ann at prospect' }), ['email must be an email']],
      ['a missing company', enquiry({ company: undefined }), ['company is required']],
      ['a company over two lines', enquiry({ company: 'Prospect\r\nSubject: spam' }), ['company must not contain control characters']],
      ['a message over 5000 characters', enquiry({ message: 'm'.repeat(5001) }), ['message must be at most 5000 characters']],
      ['an unknown property', enquiry({ phone: '+44 20 7946 0000' }), ['property phone should not exist']],
      ['a body that is not an object', [], ['body must be a JSON object']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}, and stores nothing`, async () => {
        const before = (await leads()).length;
        const res = await post(body);
        expect([res.status, res.body]).to.deep.equal([400, badRequest(...messages)]);
        expect(await leads()).to.have.length(before);
      });
    }

    it('refuses a developer API key or OAuth token with 401 (the form is not part of the developer API); a user token is ignored', async () => {
      const before = (await leads()).length;
      const credentials: Array<Record<string, string>> = [{ authorization: `Bearer svc_live_${'a'.repeat(43)}` }, { authorization: `Bearer svc_oauth_${'b'.repeat(43)}` }, { 'x-api-key': `svc_live_${'c'.repeat(43)}` }];
      for (const headers of credentials) {
        const res = await post(enquiry(), { ...fresh(), ...headers });
        expect([res.status, res.body], JSON.stringify(headers)).to.deep.equal([401, { message: 'Unauthorized', statusCode: 401 }]);
      }
      expect(await leads()).to.have.length(before);
      const tenant = await createTenant(h.ds, { plan: 'FREE', publicApiEnabled: false });
      const user = await createUser(h.ds, tenant.id);
      const signedIn = await h.request('POST', '/public/leads', { body: enquiry(), token: await h.tokenFor(user) });
      expect(signedIn.status).to.equal(201);
    });

    it('is limited to 10 per 60 s per source address (spec 01: POST /public/*), honeypot and invalid calls included', async () => {
      const headers = fresh();
      for (let i = 1; i <= 10; i++) {
        const body = i % 3 === 0 ? enquiry({ website: 'x' }) : i % 3 === 1 ? enquiry() : {};
        const res = await post(body, headers);
        expect(res.status, `call ${i}`).to.not.equal(429);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(10 - i));
      }
      const throttled = await post(enquiry(), headers);
      expect([throttled.status, throttled.body]).to.deep.equal([429, THROTTLED]);
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(throttled.headers.has(h)).to.equal(false);
      expect((await post(enquiry())).status).to.equal(201);
    });
  });

  describe('GET /platform/leads', () => {
    it('lists the enquiries newest first, paged, for the operator', async () => {
      await post(enquiry({ company: 'Older Ltd' }));
      h.clock.advance(1000);
      await post(enquiry({ company: 'Newer Ltd', message: undefined }));
      const res = await h.request('GET', '/platform/leads?limit=2', { token: TEST_PLATFORM_TOKEN });
      expect(res.status).to.equal(200);
      expect(res.body.pagination).to.deep.equal({ limit: 2, offset: 0, count: 2 });
      const [newest, older] = res.body.data;
      expect(newest).to.deep.equal({ id: newest.id, name: 'Ann Buyer', email: 'ann.buyer@prospect.example', company: 'Newer Ltd', message: null, createdAt: h.clock.now().toISOString() });
      expect(newest.id).to.match(UUID);
      expect(older.company).to.equal('Older Ltd');
      expect(older.createdAt).to.match(ISO);
      const next = await h.request('GET', '/platform/leads?limit=1&offset=1', { token: TEST_PLATFORM_TOKEN });
      expect(next.body.data).to.deep.equal([older]);
      expect((await h.request('GET', '/platform/leads?limit=1000', { token: TEST_PLATFORM_TOKEN })).body.pagination.limit).to.equal(200);
    });

    it('is 400 for a limit that is not a number or an undeclared parameter', async () => {
      expect((await h.request('GET', '/platform/leads?limit=ten', { token: TEST_PLATFORM_TOKEN })).body).to.deep.equal(badRequest('limit must be an integer number'));
      expect((await h.request('GET', '/platform/leads?page=2', { token: TEST_PLATFORM_TOKEN })).body).to.deep.equal(badRequest('property page should not exist'));
    });

    it('does not exist for anyone without the platform token: a tenant owner, a developer key, a wrong token', async () => {
      const tenant = await createTenant(h.ds);
      const owner = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER' });
      for (const token of [undefined, await h.tokenFor(owner), `svc_live_${'a'.repeat(43)}`, 'platform-token-but-wrong-0123456789']) {
        const res = await h.request('GET', '/platform/leads', { token });
        expect([res.status, res.body]).to.deep.equal([404, { message: 'Cannot GET /api/v1/platform/leads', error: 'Not Found', statusCode: 404 }]);
      }
    });
  });
});

describe('sales enquiries without SALES_LEADS_EMAIL (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({}, { freshDatabase: true });
  });
  after(async () => h.stop());

  it('stores the enquiry and mails nobody', async () => {
    const res = await h.request('POST', '/public/leads', { body: enquiry({ company: 'Unmailed Ltd' }) });
    expect(res.status).to.equal(201);
    expect((await h.ds.query(`SELECT company FROM sales_leads`)).map((r: { company: string }) => r.company)).to.deep.equal(['Unmailed Ltd']);
    expect(await h.ds.query(`SELECT 1 FROM mail_outbox WHERE template = 'sales_lead'`)).to.deep.equal([]);
  });
});
