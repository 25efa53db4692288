import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { FakeTwilio } from '../../../test-support/fake-twilio.js';

let address = 0;
const fresh = () => ({ 'x-forwarded-for': `198.18.2.${++address}` });

/** SMS pumping: reset and invite links by text are bounded per number and per tenant, whatever address asks. */
describe('link texts: bounded per mobile number and per tenant (HTTP)', () => {
  let h: ApiHarness;
  let twilio: FakeTwilio;
  before(async () => {
    twilio = await FakeTwilio.start();
    h = await ApiHarness.start(
      { TRUST_PROXY: 'true', PUBLIC_APP_URL: 'https://app.example.test', ...twilio.apiEnv(), LINK_TEXTS_PER_NUMBER_PER_HOUR: '2', LINK_TEXTS_PER_TENANT_PER_DAY: '4' },
      { captureLogs: true },
    );
  });
  after(async () => {
    await h.stop();
    await twilio.stop();
  });
  beforeEach(() => twilio.reset());

  const forgot = (identifier: string) => h.request('POST', '/auth/forgot-password', { body: { identifier }, headers: fresh() });
  const textsTo = (to: string) => twilio.sent.filter((s) => s.form.To === to).length;
  const withheld = async (limit: string) => {
    const line = (await h.metrics.registry.metrics()).split('\n').find((l) => l.startsWith(`link_texts_withheld_total{limit="${limit}"}`));
    return Number(line?.split(' ')[1] ?? 0);
  };

  it('texts a number twice in the hour, then answers the third request as for an unknown number and sends nothing; another number still gets its text', async () => {
    const t = await createTenant(h.ds);
    await createUser(h.ds, t.id, { email: null, mobile: '+447700900501', fullName: 'Pumped' });
    await createUser(h.ds, t.id, { email: null, mobile: '+447700900502', fullName: 'Bystander' });
    const unknown = await forgot('+447700900599');
    const answers = [await forgot('+447700900501'), await forgot('+447700900501')];
    const before = await withheld('per_number');
    const logged = h.logLines.length;
    const third = await forgot('+44 7700 900501');
    expect(textsTo('+447700900501')).to.equal(2);
    for (const res of [...answers, third]) expect({ status: res.status, body: res.body }).to.deep.equal({ status: unknown.status, body: unknown.body });
    expect(await withheld('per_number')).to.equal(before + 1);
    const lines = h.logLines.slice(logged).join('\n');
    expect(lines).to.contain('link text withheld');
    expect(lines).to.not.contain('7700900501');
    expect((await forgot('+447700900502')).status).to.equal(200);
    expect(textsTo('+447700900502')).to.equal(1);
  });

  it('stops a tenant’s link texts, resets and invites, at its daily cap, while another tenant’s still go', async () => {
    const t = await createTenant(h.ds);
    const numbers = ['+447700900511', '+447700900512', '+447700900513', '+447700900514', '+447700900515'];
    for (const mobile of numbers) await createUser(h.ds, t.id, { email: null, mobile });
    const before = await withheld('per_tenant');
    for (const mobile of numbers) expect(await forgot(mobile)).to.deep.include({ status: 200, body: { success: true } });
    expect(twilio.sent.map((s) => s.form.To)).to.deep.equal(numbers.slice(0, 4));
    const admin = await h.tokenFor(await createUser(h.ds, t.id, { role: 'HR_MANAGER' }));
    const invited = await h.request('POST', '/users', { token: admin, body: { fullName: 'Late Invite', mobile: '+447700900516', role: 'STAFF' } });
    expect(invited.status, JSON.stringify(invited.body)).to.equal(201);
    expect(textsTo('+447700900516')).to.equal(0);
    expect(await withheld('per_tenant')).to.equal(before + 2);

    const other = await createTenant(h.ds);
    await createUser(h.ds, other.id, { email: null, mobile: '+447700900521' });
    expect((await forgot('+447700900521')).status).to.equal(200);
    expect(textsTo('+447700900521')).to.equal(1);
  });
});
