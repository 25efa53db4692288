import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { sha256Hex } from '../../../storage/file-storage.js';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { docxBytes, pdfBytes, postForm, zipOf, type FormFile } from '../../../test-support/careers-fixtures.js';
import type { HttpResult } from '../../../test-support/harness.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const JOB_NOT_FOUND = { message: 'Job posting not found', error: 'Not Found', statusCode: 404 };
const PAGE_NOT_FOUND = { message: 'Careers page not found', error: 'Not Found', statusCode: 404 };
const APPLICATION_NOT_FOUND = { message: 'Application not found', error: 'Not Found', statusCode: 404 };
const NOT_A_RESUME = { message: 'A résumé must be a PDF or a Word (.docx) document', error: 'Unsupported Media Type', statusCode: 415 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Public routes count per source address: every call that could add up speaks from an address of its own. */
let addresses = 0;
const fresh = () => ({ 'x-forwarded-for': `10.117.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });

describe('careers page (public HTTP)', () => {
  const s = twoTenantSuite({ env: { TRUST_PROXY: 'true' } });
  let admin: string;
  let slugA: string;
  let slugB: string;

  beforeEach(async () => {
    admin = await s.tokenAs('HR_MANAGER');
    const slugs = await s.h.ds.query(`SELECT id, slug FROM tenants WHERE id = ANY($1)`, [s.tenants]);
    slugA = slugs.find((t: { id: string }) => t.id === s.tenantA).slug;
    slugB = slugs.find((t: { id: string }) => t.id === s.tenantB).slug;
  });

  const job = async (over: Record<string, unknown> = {}, token = admin) => {
    const res = await s.h.request('POST', '/recruiting/jobs', {
      token,
      body: { title: 'Line cook', slug: 'line-cook', description: 'Prep and grill.\nEvenings and weekends.', employmentType: 'FULL_TIME', location: 'London', status: 'OPEN', ...over },
    });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const get = (path: string) => s.h.request('GET', path, { headers: fresh() });
  const apply = (jobSlug = 'line-cook', body: unknown = { fullName: 'Ada Lovelace', email: 'Ada@Example.test', phone: '+44 7700 900123' }, tenantSlug = slugA, headers = fresh()) =>
    s.h.request('POST', `/careers/${tenantSlug}/jobs/${jobSlug}/apply`, { body, headers });
  const applied = async (jobSlug = 'line-cook') => {
    const res = await apply(jobSlug);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body as { applicationId: string; uploadToken: string; uploadTokenExpiresAt: string };
  };
  const upload = (a: { applicationId: string; uploadToken: string }, file: FormFile | null, jobSlug = 'line-cook', tenantSlug = slugA, headers = fresh()) =>
    postForm(s.h.baseUrl, `/careers/${tenantSlug}/jobs/${jobSlug}/apply/resume`, { applicationId: a.applicationId, uploadToken: a.uploadToken }, file && { field: 'resume', ...file }, headers);
  const stored = async (applicationId: string) =>
    (await s.h.ds.query(`SELECT resume_key, resume_sha256, resume_size, resume_media_type, resume_file_name, upload_token_hash FROM career_applications WHERE id = $1`, [applicationId]))[0];
  const filesOf = async (tenantId: string) => readdir(join(s.h.filesDir, tenantId, 'careers')).catch(() => [] as string[]);

  describe('GET /careers/:tenantSlug and /jobs/:jobSlug', () => {
    it('shows the company and its open postings, newest first, to anyone; drafts and closed postings stay off', async () => {
      const older = await job({ slug: 'waiter', title: 'Waiter', employmentType: 'PART_TIME' });
      s.h.clock.advance(60_000);
      await job({ location: undefined });
      await job({ slug: 'sous-chef', status: 'DRAFT' });
      const closed = await job({ slug: 'dishwasher' });
      await s.h.request('PATCH', `/recruiting/jobs/${closed.id}`, { token: admin, body: { status: 'CLOSED' } });
      await job({ slug: 'barista' }, await s.tokenAs('HR_MANAGER', s.tenantB));

      const page = await get(`/careers/${slugA}`);
      expect(page.status).to.equal(200);
      const [{ name }] = await s.h.ds.query(`SELECT name FROM tenants WHERE id = $1`, [s.tenantA]);
      expect(page.body).to.deep.equal({
        tenant: { name, slug: slugA, primaryColor: null, accentColor: null, logoUrl: null },
        jobs: [
          { slug: 'line-cook', title: 'Line cook', description: 'Prep and grill.\nEvenings and weekends.', employmentType: 'FULL_TIME', location: null, publishedAt: s.h.clock.now().toISOString() },
          { slug: 'waiter', title: 'Waiter', description: 'Prep and grill.\nEvenings and weekends.', employmentType: 'PART_TIME', location: 'London', publishedAt: older.publishedAt },
        ],
      });
      expect((await get(`/careers/${slugA}?limit=1&offset=1`)).body.jobs.map((j: { slug: string }) => j.slug)).to.deep.equal(['waiter']);
      expect((await get(`/careers/${slugA}?limit=x`)).body).to.deep.equal(badRequest('limit must be an integer number'));

      const one = await get(`/careers/${slugA}/jobs/waiter`);
      expect(one.body).to.deep.equal({ tenant: page.body.tenant, job: page.body.jobs[1] });
      for (const path of [`/careers/${slugA}/jobs/sous-chef`, `/careers/${slugA}/jobs/dishwasher`, `/careers/${slugA}/jobs/nothing`, `/careers/${slugA}/jobs/barista`, `/careers/nobody-here/jobs/waiter`]) {
        expect((await get(path)).body, path).to.deep.equal(JOB_NOT_FOUND);
      }
    });

    it("shows the company's branding (colours, logo address) at the top of the page and of each posting", async () => {
      await job();
      const owner = await s.tokenAs('TENANT_OWNER');
      expect((await s.h.request('PATCH', '/branding', { token: owner, body: { primaryColor: '#0a5c36', accentColor: '#F2A900' } })).status).to.equal(200);
      const page = await get(`/careers/${slugA}`);
      expect(page.body.tenant).to.deep.include({ slug: slugA, primaryColor: '#0A5C36', accentColor: '#F2A900', logoUrl: null });
      expect((await get(`/careers/${slugA}/jobs/line-cook`)).body.tenant).to.deep.equal(page.body.tenant);
    });

    it('has no page for an unknown slug, nor for a company that never published a posting; a page whose postings all closed stays, empty', async () => {
      expect((await get('/careers/no-such-company')).body).to.deep.equal(PAGE_NOT_FOUND);
      expect((await get(`/careers/${'x'.repeat(101)}`)).body).to.deep.equal(badRequest('tenantSlug must be at most 100 characters'));
      const draft = await job({ status: 'DRAFT' });
      expect((await get(`/careers/${slugA}`)).body).to.deep.equal(PAGE_NOT_FOUND);
      await s.h.request('PATCH', `/recruiting/jobs/${draft.id}`, { token: admin, body: { status: 'OPEN' } });
      expect((await get(`/careers/${slugA}`)).body.jobs).to.have.length(1);
      await s.h.request('PATCH', `/recruiting/jobs/${draft.id}`, { token: admin, body: { status: 'CLOSED' } });
      const empty = await get(`/careers/${slugA}`);
      expect(empty.status).to.equal(200);
      expect(empty.body.jobs).to.deep.equal([]);
    });
  });

  describe('POST /careers/:tenantSlug/jobs/:jobSlug/apply', () => {
    it('records an application and answers its id and an upload token, stored only as a hash; nothing fires', async () => {
      await job();
      const res = await apply('line-cook', { fullName: '  Ada Lovelace ', email: ' Ada@Example.TEST ', phone: '+44 (7700) 900-123', coverLetter: 'I cook.\nA lot.' });
      expect(res.status).to.equal(201);
      expect(Object.keys(res.body).sort()).to.deep.equal(['applicationId', 'uploadToken', 'uploadTokenExpiresAt']);
      expect(res.body.uploadToken).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(res.body.uploadTokenExpiresAt).to.equal(new Date(s.h.clock.now().getTime() + 3600_000).toISOString());
      const [row] = await s.h.ds.query(`SELECT tenant_id, full_name, email, phone, cover_letter, stage, upload_token_hash FROM career_applications WHERE id = $1`, [res.body.applicationId]);
      expect(row).to.deep.include({ tenant_id: s.tenantA, full_name: 'Ada Lovelace', email: 'ada@example.test', phone: '+447700900123', cover_letter: 'I cook.\nA lot.', stage: 'APPLIED' });
      expect(row.upload_token_hash).to.match(/^[0-9a-f]{64}$/);
      expect(row.upload_token_hash).to.not.contain(res.body.uploadToken);
      expect(await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });

    it('keeps a second application from the same address (refusing it would tell anyone who applied)', async () => {
      await job();
      const first = await applied();
      const second = await applied();
      expect(second.applicationId).to.not.equal(first.applicationId);
      expect(await s.h.ds.query(`SELECT count(*)::int AS n FROM career_applications WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([{ n: 2 }]);
    });

    it('validates every field', async () => {
      await job();
      expect((await apply('line-cook', {})).body).to.deep.equal(badRequest('fullName is required', 'email is required'));
      expect((await apply('line-cook', { fullName: ' ', email: 'not-an-email', phone: '12', coverLetter: '', cv: 'x' })).body).to.deep.equal(
        badRequest('fullName must be at least 1 characters', 'email must be an email', 'phone must be a valid phone number', 'coverLetter must be at least 1 characters', 'property cv should not exist'),
      );
      expect((await apply('line-cook', { fullName: 'A\nB', email: 'a@b.test' })).body).to.deep.equal(badRequest('fullName must not contain control characters'));
      expect((await apply('line-cook', { fullName: 'A'.repeat(201), email: `${'a'.repeat(250)}@b.test`, coverLetter: 'c'.repeat(10_001) })).body).to.deep.equal(
        badRequest('fullName must be at most 200 characters', 'email must be at most 254 characters', 'coverLetter must be at most 10000 characters'),
      );
      expect((await apply('line-cook', { fullName: 'A\u0000', email: 'a@b.test' })).body).to.deep.equal(badRequest('fullName must not contain control characters or invalid Unicode'));
      expect(await s.h.ds.query(`SELECT 1 FROM career_applications WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([]);
    });

    it('answers 404 for a draft, closed, unknown or other company’s posting', async () => {
      await job({ slug: 'draft', status: 'DRAFT' });
      const closed = await job({ slug: 'closed' });
      await s.h.request('PATCH', `/recruiting/jobs/${closed.id}`, { token: admin, body: { status: 'CLOSED' } });
      await job({ slug: 'theirs' }, await s.tokenAs('HR_MANAGER', s.tenantB));
      for (const [tenantSlug, jobSlug] of [[slugA, 'draft'], [slugA, 'closed'], [slugA, 'nothing'], [slugA, 'theirs'], ['no-such-company', 'closed']] as const) {
        expect((await apply(jobSlug, undefined, tenantSlug)).body, `${tenantSlug}/${jobSlug}`).to.deep.equal(JOB_NOT_FOUND);
      }
      expect((await apply('theirs', undefined, slugB)).status).to.equal(201);
    });
  });

  describe('POST /careers/:tenantSlug/jobs/:jobSlug/apply/resume', () => {
    it('stores a PDF under the tenant’s careers area with its SHA-256 and size; a second upload replaces it and removes the first file', async () => {
      await job();
      const a = await applied();
      const pdf = pdfBytes();
      const res = await upload(a, { data: pdf, name: 'Ada CV.pdf', type: 'application/pdf' });
      expect(res.status).to.equal(201);
      const resume = { fileName: 'Ada CV.pdf', mediaType: 'application/pdf', size: pdf.length, sha256: sha256Hex(pdf), uploadedAt: s.h.clock.now().toISOString() };
      expect(res.body).to.deep.equal({ applicationId: a.applicationId, resume });
      const first = await stored(a.applicationId);
      expect(first.resume_key).to.match(new RegExp(`^${s.tenantA}/careers/[0-9a-f-]{36}$`));
      expect(await readFile(join(s.h.filesDir, first.resume_key))).to.deep.equal(pdf);

      const docx = docxBytes();
      const again = await upload(a, { data: docx, name: 'cv.docx' });
      expect(again.status).to.equal(200);
      expect(again.body.resume).to.deep.include({ fileName: 'cv.docx', mediaType: DOCX, size: docx.length, sha256: sha256Hex(docx) });
      const second = await stored(a.applicationId);
      expect(second.resume_key).to.not.equal(first.resume_key);
      expect(await filesOf(s.tenantA)).to.deep.equal([second.resume_key.split('/')[2]]);
      expect(await readFile(join(s.h.filesDir, second.resume_key))).to.deep.equal(docx);
    });

    it('judges the file by its bytes: a text file named .pdf and a ZIP that is not a Word document are refused (415), nothing kept', async () => {
      await job();
      const a = await applied();
      expect((await upload(a, { data: Buffer.from('My CV, in plain text.\n'), name: 'cv.pdf', type: 'application/pdf' })).body).to.deep.equal(NOT_A_RESUME);
      const zip = zipOf({ 'cv.txt': 'My CV', 'photo.jpg': 'not really' });
      expect((await upload(a, { data: zip, name: 'cv.docx', type: DOCX })).body).to.deep.equal(NOT_A_RESUME);
      expect((await upload(a, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), name: 'cv.pdf' })).body).to.deep.equal(NOT_A_RESUME);
      expect((await stored(a.applicationId)).resume_key).to.equal(null);
      expect(await filesOf(s.tenantA)).to.deep.equal([]);
    });

    it('refuses a file over 5 MB (413), a form without the file or its fields (400), and a body that is not multipart (415)', async () => {
      await job();
      const a = await applied();
      const big = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 + 1 - pdfBytes().length, 0x20)]);
      expect((await upload(a, { data: big, name: 'cv.pdf' })).body).to.deep.equal({ message: 'Request body is too large', error: 'Payload Too Large', statusCode: 413 });
      const exact = Buffer.concat([pdfBytes(), Buffer.alloc(5 * 1024 * 1024 - pdfBytes().length, 0x20)]);
      expect((await upload(a, { data: exact, name: 'cv.pdf' })).status).to.equal(201);
      expect((await upload(a, null)).body).to.deep.equal(badRequest('resume is required: a file in multipart/form-data'));
      const url = `/careers/${slugA}/jobs/line-cook/apply/resume`;
      expect((await postForm(s.h.baseUrl, url, { uploadToken: a.uploadToken }, { field: 'resume', data: pdfBytes(), name: 'cv.pdf' }, fresh())).body).to.deep.equal(badRequest('applicationId is required'));
      expect((await postForm(s.h.baseUrl, url, { applicationId: 'nope', uploadToken: a.uploadToken, note: 'x' }, { field: 'resume', data: pdfBytes(), name: 'cv.pdf' }, fresh())).body).to.deep.equal(
        badRequest('applicationId must be a UUID', 'property note should not exist'),
      );
      expect((await postForm(s.h.baseUrl, url, { applicationId: a.applicationId, uploadToken: a.uploadToken, resume: 'text' }, null, fresh())).body).to.deep.equal(badRequest('resume is required: a file in multipart/form-data'));
      const twice = await postForm(s.h.baseUrl, url, { applicationId: a.applicationId, uploadToken: a.uploadToken, resume: 'text' }, { field: 'resume', data: pdfBytes(), name: 'cv.pdf' }, fresh());
      expect(twice.body).to.deep.equal(badRequest('resume must be a file, not a text field'));
      const json = await s.h.request('POST', url, { body: a, headers: fresh() });
      expect(json.body).to.deep.equal({ message: 'Send the file as multipart/form-data in the field resume', error: 'Unsupported Media Type', statusCode: 415 });
    });

    it('needs the token of that very application, unexpired (401), and an application to that posting (404)', async () => {
      await job();
      await job({ slug: 'waiter' });
      const a = await applied();
      const b = await applied();
      const other = await applied('waiter');
      const pdf = { data: pdfBytes(), name: 'cv.pdf' };
      expect((await upload({ applicationId: a.applicationId, uploadToken: 'guessed' }, pdf)).body).to.deep.equal(UNAUTHORIZED);
      expect((await upload({ applicationId: a.applicationId, uploadToken: b.uploadToken }, pdf)).body).to.deep.equal(UNAUTHORIZED);
      expect((await upload({ applicationId: 'b4c2a4f4-7c51-4b0e-9d59-3c8e9d1f0a11', uploadToken: a.uploadToken }, pdf)).body).to.deep.equal(APPLICATION_NOT_FOUND);
      expect((await upload(other, pdf)).body, 'an application to another posting').to.deep.equal(APPLICATION_NOT_FOUND);
      expect((await upload(other, pdf, 'waiter')).status).to.equal(201);
      expect((await upload(a, pdf, 'line-cook', slugB)).body, 'another company’s address').to.deep.equal(JOB_NOT_FOUND);
      expect((await upload(a, pdf, 'nothing')).body).to.deep.equal(JOB_NOT_FOUND);

      s.h.clock.advance(3600_000 - 1);
      expect((await upload(a, pdf)).status).to.equal(201);
      s.h.clock.advance(1);
      expect((await upload(a, pdf)).body, 'the hour is over').to.deep.equal(UNAUTHORIZED);
      expect((await upload(b, pdf)).body).to.deep.equal(UNAUTHORIZED);
    });

    it('stops changes once a recruiter moved the application on (409), and once the posting closed (404)', async () => {
      const posting = await job();
      const a = await applied();
      const b = await applied();
      await s.h.request('POST', `/recruiting/applications/${a.applicationId}/stage`, { token: admin, body: { stage: 'SCREENING' } });
      expect((await upload(a, { data: pdfBytes(), name: 'cv.pdf' })).body).to.deep.equal({
        message: 'The application is under review: its résumé can no longer be changed',
        error: 'APPLICATION_UNDER_REVIEW',
        statusCode: 409,
      });
      await s.h.request('PATCH', `/recruiting/jobs/${posting.id}`, { token: admin, body: { status: 'CLOSED' } });
      expect((await upload(b, { data: pdfBytes(), name: 'cv.pdf' })).body).to.deep.equal(JOB_NOT_FOUND);
      expect(await filesOf(s.tenantA)).to.deep.equal([]);
    });
  });

  describe('rate limits (per source address)', () => {
    const expectThrottled = (res: HttpResult) => {
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal(THROTTLED);
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(h)).to.equal(false);
    };
    const exhaust = async (limit: number, call: () => Promise<HttpResult>) => {
      for (let i = 1; i <= limit; i++) {
        const res = await call();
        expect(res.status, `call ${i}`).to.not.equal(429);
        expect(res.headers.get('x-ratelimit-limit')).to.equal(String(limit));
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(limit - i));
      }
      expectThrottled(await call());
    };

    it('apply: 5 per 60 s, then 429 with Retry-After; another address is not held back', async () => {
      await job();
      const ip = fresh();
      await exhaust(5, () => apply('line-cook', undefined, slugA, ip));
      expect((await apply()).status).to.equal(201);
    });

    it('résumé upload: 5 per 60 s, counted before the file is read', async () => {
      await job();
      const a = await applied();
      const ip = fresh();
      await exhaust(5, () => upload(a, { data: pdfBytes(), name: 'cv.pdf' }, 'line-cook', slugA, ip));
      expect((await upload(a, { data: pdfBytes(), name: 'cv.pdf' })).status).to.equal(200);
    });

    it('the page and a posting: the default 120 per 60 s, each its own counter', async () => {
      await job();
      const ip = fresh();
      await exhaust(120, () => s.h.request('GET', `/careers/${slugA}`, { headers: ip }));
      const posting = await s.h.request('GET', `/careers/${slugA}/jobs/line-cook`, { headers: ip });
      expect(posting.status).to.equal(200);
      expect(posting.headers.get('x-ratelimit-limit')).to.equal('120');
    });
  });
});
