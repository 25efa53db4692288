import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { sha256Hex } from '../../../storage/file-storage.js';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { docxBytes, pdfBytes, postForm } from '../../../test-support/careers-fixtures.js';

const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const APPLICATION_NOT_FOUND = { message: 'Application not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string, error = 'Conflict') => ({ message, error, statusCode: 409 });
const UNKNOWN_ID = '6f1c0d2e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';

let addresses = 0;
const fresh = () => ({ 'x-forwarded-for': `10.118.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}` });

describe('recruiting: applications (HTTP)', () => {
  const s = twoTenantSuite({ env: { TRUST_PROXY: 'true' } });
  let hr: string;
  let slugA: string;

  beforeEach(async () => {
    hr = await s.tokenAs('HR_MANAGER');
    slugA = (await s.h.ds.query(`SELECT slug FROM tenants WHERE id = $1`, [s.tenantA]))[0].slug;
  });

  const posting = { title: 'Line cook', slug: 'line-cook', description: 'Prep and grill.', employmentType: 'FULL_TIME' };
  const createJob = async (over: Record<string, unknown> = {}, token = hr) => {
    const res = await s.h.request('POST', '/recruiting/jobs', { token, body: { ...posting, ...over } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const apply = async (jobSlug = 'line-cook', body: Record<string, unknown> = {}) => {
    const res = await s.h.request('POST', `/careers/${slugA}/jobs/${jobSlug}/apply`, { body: { fullName: 'Ada Lovelace', email: 'ada@example.test', phone: '+447700900123', ...body }, headers: fresh() });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body as { applicationId: string; uploadToken: string };
  };
  const uploadPdf = async (a: { applicationId: string; uploadToken: string }, data = pdfBytes(), jobSlug = 'line-cook') => {
    const fields = { applicationId: a.applicationId, uploadToken: a.uploadToken };
    const res = await postForm(s.h.baseUrl, `/careers/${slugA}/jobs/${jobSlug}/apply/resume`, fields, { field: 'resume', data, name: 'cv.pdf' }, fresh());
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const move = (id: string, stage: string, token = hr) => s.h.request('POST', `/recruiting/applications/${id}/stage`, { token, body: { stage } });
  const hire = async (id: string) => {
    for (const stage of ['OFFER', 'HIRED']) expect((await move(id, stage)).status, stage).to.equal(200);
  };
  const convert = (id: string, body: unknown, token = hr) => s.h.request('POST', `/recruiting/applications/${id}/convert`, { token, body });
  const events = async () => (await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = ANY($1) ORDER BY occurred_at, id`, [s.tenants])).map((r: { type: string }) => r.type);

  describe('applications', () => {
    it('lists newest first by posting and stage, and shows one with its history; only the tenant’s', async () => {
      const job = await createJob({ status: 'OPEN' });
      await createJob({ slug: 'waiter', status: 'OPEN' });
      const a = await apply('line-cook', { coverLetter: 'Hello' });
      s.h.clock.advance(1000);
      const b = await apply('waiter', { fullName: 'Grace Hopper', email: 'grace@example.test', phone: undefined });
      s.h.clock.advance(1000);
      await move(a.applicationId, 'SCREENING');

      const list = await s.h.request('GET', '/recruiting/applications', { token: hr });
      expect(list.body.map((x: { id: string }) => x.id)).to.deep.equal([b.applicationId, a.applicationId]);
      expect(list.body[0]).to.deep.include({ jobTitle: 'Line cook', fullName: 'Grace Hopper', email: 'grace@example.test', phone: null, coverLetter: null, stage: 'APPLIED', resume: null, history: [] });
      expect((await s.h.request('GET', `/recruiting/applications?jobId=${job.id}`, { token: hr })).body.map((x: { id: string }) => x.id)).to.deep.equal([a.applicationId]);
      expect((await s.h.request('GET', '/recruiting/applications?stage=APPLIED', { token: hr })).body.map((x: { id: string }) => x.id)).to.deep.equal([b.applicationId]);
      expect((await s.h.request('GET', '/recruiting/applications?stage=HIRED', { token: hr })).body).to.deep.equal([]);
      expect((await s.h.request('GET', '/recruiting/applications?jobId=x&stage=LOST', { token: hr })).body).to.deep.equal(
        badRequest('jobId must be a UUID', 'stage must be one of the following values: APPLIED, SCREENING, INTERVIEW, OFFER, HIRED, REJECTED, WITHDRAWN'),
      );

      const one = await s.h.request('GET', `/recruiting/applications/${a.applicationId}`, { token: hr });
      const hrUser = (await s.h.ds.query(`SELECT changed_by_user_id FROM career_application_stage_changes WHERE application_id = $1`, [a.applicationId]))[0].changed_by_user_id;
      expect(one.body).to.deep.include({
        id: a.applicationId,
        tenantId: s.tenantA,
        jobId: job.id,
        fullName: 'Ada Lovelace',
        phone: '+447700900123',
        coverLetter: 'Hello',
        stage: 'SCREENING',
        stageChangedAt: s.h.clock.now().toISOString(),
        history: [{ from: 'APPLIED', to: 'SCREENING', byUserId: hrUser, at: s.h.clock.now().toISOString() }],
        convertedUserId: null,
      });
      expect(one.body).to.not.have.property('uploadToken');
      expect(JSON.stringify(one.body)).to.not.match(/token/i);
      const foreign = await s.tokenAs('HR_MANAGER', s.tenantB);
      expect((await s.h.request('GET', '/recruiting/applications', { token: foreign })).body).to.deep.equal([]);
    });

    it('moves through the stage machine; other moves are 409 and change nothing', async () => {
      await createJob({ status: 'OPEN' });
      const { applicationId: id } = await apply();
      expect((await move(id, 'HIRED')).body).to.deep.equal(conflict('An application cannot move from APPLIED to HIRED', 'INVALID_STAGE_TRANSITION'));
      expect((await move(id, 'APPLIED')).body).to.deep.equal(conflict('An application cannot move from APPLIED to APPLIED', 'INVALID_STAGE_TRANSITION'));
      expect((await move(id, 'INTERVIEW')).body.stage, 'skipping screening').to.equal('INTERVIEW');
      expect((await move(id, 'SCREENING')).body).to.deep.equal(conflict('An application cannot move from INTERVIEW to SCREENING', 'INVALID_STAGE_TRANSITION'));
      expect((await move(id, 'OFFER')).body.stage).to.equal('OFFER');
      expect((await move(id, 'HIRED')).body.stage).to.equal('HIRED');
      expect((await move(id, 'REJECTED')).body).to.deep.equal(conflict('An application cannot move from HIRED to REJECTED', 'INVALID_STAGE_TRANSITION'));
      const withdrawn = await move(id, 'WITHDRAWN');
      expect(withdrawn.body.history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).to.deep.equal(['APPLIED>INTERVIEW', 'INTERVIEW>OFFER', 'OFFER>HIRED', 'HIRED>WITHDRAWN']);
      expect((await move(id, 'APPLIED')).body).to.deep.equal(conflict('An application cannot move from WITHDRAWN to APPLIED', 'INVALID_STAGE_TRANSITION'));

      const { applicationId: other } = await apply();
      expect((await move(other, 'REJECTED')).body.stage).to.equal('REJECTED');
      expect((await move(other, 'SCREENING')).status).to.equal(409);
      expect((await move(other, 'NEXT')).body).to.deep.equal(badRequest('stage must be one of the following values: APPLIED, SCREENING, INTERVIEW, OFFER, HIRED, REJECTED, WITHDRAWN'));
      expect((await s.h.request('POST', `/recruiting/applications/${other}/stage`, { token: hr, body: {} })).body).to.deep.equal(badRequest('stage is required'));
      expect((await move(UNKNOWN_ID, 'SCREENING')).body).to.deep.equal(APPLICATION_NOT_FOUND);
      expect((await s.h.request('GET', `/recruiting/applications/${other}`, { token: hr })).body.history).to.have.length(1);
      expect(await events()).to.deep.equal([]);
    });

    it('downloads the résumé as uploaded, as an attachment no cache keeps', async () => {
      await createJob({ status: 'OPEN' });
      const a = await apply();
      const none = await s.h.request('GET', `/recruiting/applications/${a.applicationId}/resume`, { token: hr });
      expect(none.body).to.deep.equal({ message: 'This application has no résumé', error: 'Not Found', statusCode: 404 });
      const pdf = pdfBytes('Ada');
      await uploadPdf(a, pdf);
      const res = await s.h.request('GET', `/recruiting/applications/${a.applicationId}/resume`, { token: hr, binary: true });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/pdf');
      expect(res.headers.get('content-disposition')).to.equal(`attachment; filename="resume-${a.applicationId}.pdf"`);
      expect(res.headers.get('cache-control')).to.equal('private, no-store');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(Buffer.compare(res.body, pdf)).to.equal(0);
      const dto = (await s.h.request('GET', `/recruiting/applications/${a.applicationId}`, { token: hr })).body;
      expect(dto.resume).to.deep.equal({ fileName: 'cv.pdf', mediaType: 'application/pdf', size: pdf.length, sha256: sha256Hex(pdf), uploadedAt: s.h.clock.now().toISOString() });

      const b = await apply();
      const docx = docxBytes();
      const fields = { applicationId: b.applicationId, uploadToken: b.uploadToken };
    expect((await postForm(s.h.baseUrl, `/careers/${slugA}/jobs/line-cook/apply/resume`, fields, { field: 'resume', data: docx, name: 'cv.docx' }, fresh())).status).to.equal(201);
      const word = await s.h.request('GET', `/recruiting/applications/${b.applicationId}/resume`, { token: hr, binary: true });
      expect(word.headers.get('content-type')).to.equal('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(word.headers.get('content-disposition')).to.equal(`attachment; filename="resume-${b.applicationId}.docx"`);
      expect(Buffer.compare(word.body, docx)).to.equal(0);
    });

    it('erases an application with its history and its file', async () => {
      await createJob({ status: 'OPEN' });
      const a = await apply();
      await uploadPdf(a);
      await move(a.applicationId, 'SCREENING');
      const [{ resume_key: key }] = await s.h.ds.query(`SELECT resume_key FROM career_applications WHERE id = $1`, [a.applicationId]);
      await access(join(s.h.filesDir, key));
      expect((await s.h.request('DELETE', `/recruiting/applications/${a.applicationId}`, { token: hr })).body).to.deep.equal({ deleted: true, id: a.applicationId });
      expect(await s.h.ds.query(`SELECT 1 FROM career_applications WHERE id = $1`, [a.applicationId])).to.deep.equal([]);
      expect(await s.h.ds.query(`SELECT 1 FROM career_application_stage_changes WHERE application_id = $1`, [a.applicationId])).to.deep.equal([]);
      await access(join(s.h.filesDir, key)).then(
        () => expect.fail('the résumé file is still there'),
        (err: { code: string }) => expect(err.code).to.equal('ENOENT'),
      );
      expect((await s.h.request('DELETE', `/recruiting/applications/${a.applicationId}`, { token: hr })).body).to.deep.equal(APPLICATION_NOT_FOUND);
    });
  });

  describe('converting a hire into a user', () => {
    it('makes a HIRED candidate an ACTIVE user at the outlet, invited to set a password, once; fires nothing (spec 03)', async () => {
      const control = await s.h.request('POST', '/users', { token: hr, body: { fullName: 'Control Person', email: 'control@example.test', role: 'STAFF' } });
      expect(control.status).to.equal(201);
      expect(await events(), 'POST /users fires user.created, so the query below sees events').to.deep.equal(['user.created']);

      const outlet = await createOutlet(s.h.ds, s.tenantA);
      await createJob({ status: 'OPEN' });
      const a = await apply('line-cook', { fullName: 'Ada Lovelace', email: 'Ada.Lovelace@Example.test' });
      await move(a.applicationId, 'INTERVIEW');
      expect((await convert(a.applicationId, { role: 'STAFF' })).body).to.deep.equal(conflict('Only a HIRED application becomes a user; this one is INTERVIEW', 'NOT_HIRED'));
      await hire(a.applicationId);

      const res = await convert(a.applicationId, { role: 'STAFF', outletId: outlet.id, employeeCode: 'E-100' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const user = res.body.user;
      expect(user).to.deep.include({ tenantId: s.tenantA, fullName: 'Ada Lovelace', email: 'ada.lovelace@example.test', mobile: '+447700900123', role: 'STAFF', status: 'ACTIVE', employeeCode: 'E-100' });
      expect(res.body.application).to.deep.include({ id: a.applicationId, stage: 'HIRED', convertedUserId: user.id, convertedAt: s.h.clock.now().toISOString() });
      expect((await s.h.request('GET', `/users/${user.id}`, { token: hr })).body).to.deep.equal(user);
      expect((await s.h.request('GET', `/users/${user.id}/outlets`, { token: hr })).body).to.deep.equal({ userId: user.id, outletIds: [outlet.id] });
      const mails = await s.h.mailsTo('ada.lovelace@example.test', s.tenantA);
      expect(mails).to.have.length(1);
      expect(mails[0]!.template).to.equal('invite');

      expect(await events(), 'conversion fires no user.created, nor anything else').to.deep.equal(['user.created']);
      const domainEvents = await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1`, [s.tenantA]);
      expect(domainEvents.map((e: { payload: { userId: string } }) => e.payload.userId)).to.not.include(user.id);

      expect((await convert(a.applicationId, { role: 'STAFF' })).body).to.deep.equal(conflict('This candidate is already a user', 'ALREADY_CONVERTED'));
      expect((await move(a.applicationId, 'WITHDRAWN')).body).to.deep.equal(conflict('An application cannot move from HIRED to WITHDRAWN: the hire is already a user', 'INVALID_STAGE_TRANSITION'));
      expect(await s.h.ds.query(`SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND email = 'ada.lovelace@example.test'`, [s.tenantA])).to.deep.equal([{ n: 1 }]);
    });

    it('refuses an email or mobile already in use (409), a role above the caller’s (403), an unknown outlet (404); none leaves a user behind', async () => {
      await createJob({ status: 'OPEN' });
      await createUser(s.h.ds, s.tenantA, { email: 'taken@example.test' });
      await createUser(s.h.ds, s.tenantA, { mobile: '+447700900999', email: null });
      const taken = await apply('line-cook', { email: 'taken@example.test' });
      const mobile = await apply('line-cook', { email: 'mobile@example.test', phone: '+447700900999' });
      const fine = await apply('line-cook', { email: 'fine@example.test' });
      for (const a of [taken, mobile, fine]) await hire((await move(a.applicationId, 'SCREENING')).body.id);

      expect((await convert(taken.applicationId, { role: 'STAFF' })).body).to.deep.equal(conflict('A user with this email already exists'));
      expect((await convert(mobile.applicationId, { role: 'STAFF' })).body).to.deep.equal(conflict('A user with this mobile number already exists'));
      expect((await convert(fine.applicationId, { role: 'COMPANY_ADMIN' })).body).to.deep.equal({ message: 'You cannot assign a role above your own', error: 'Forbidden', statusCode: 403 });
      expect((await convert(fine.applicationId, { role: 'TENANT_GROUP_OWNER' }, await s.tokenAs('TENANT_OWNER'))).body).to.deep.equal({
        message: 'TENANT_GROUP_OWNER cannot be assigned',
        error: 'Forbidden',
        statusCode: 403,
      });
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await convert(fine.applicationId, { role: 'STAFF', outletId: foreignOutlet.id })).body).to.deep.equal({ message: `Outlet ${foreignOutlet.id} not found`, error: 'Not Found', statusCode: 404 });
      expect((await convert(fine.applicationId, { role: 'BOSS', outletId: 'x', mobile: '1', extra: true })).body).to.deep.equal(
        badRequest(
          'role must be one of the following values: TENANT_GROUP_OWNER, TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER, AREA_MANAGER, OPERATIONS_MANAGER, OUTLET_MANAGER, STAFF',
          'outletId must be a UUID',
          'mobile must be a valid phone number',
          'property extra should not exist',
        ),
      );
      expect(await s.h.ds.query(`SELECT 1 FROM users WHERE tenant_id = $1 AND email IN ('fine@example.test', 'mobile@example.test')`, [s.tenantA])).to.deep.equal([]);

      const asHr = await convert(mobile.applicationId, { role: 'HR_MANAGER', mobile: null });
      expect(asHr.body.user).to.deep.include({ email: 'mobile@example.test', mobile: null, role: 'HR_MANAGER' });
      expect((await convert(fine.applicationId, { role: 'AREA_MANAGER', mobile: '+44 7700 900555' })).body.user).to.deep.include({ mobile: '+447700900555' });
      expect((await s.h.request('GET', `/users/${asHr.body.user.id}/outlets`, { token: hr })).body.outletIds).to.deep.equal([]);
      expect(await events()).to.deep.equal([]);
    });
  });

  describe('roles, authentication and tenants', () => {
    const routes = (appId: string): Array<[string, string, unknown?]> => [
      ['GET', '/recruiting/applications'],
      ['GET', `/recruiting/applications/${appId}`],
      ['POST', `/recruiting/applications/${appId}/stage`, { stage: 'SCREENING' }],
      ['GET', `/recruiting/applications/${appId}/resume`],
      ['DELETE', `/recruiting/applications/${appId}`],
      ['POST', `/recruiting/applications/${appId}/convert`, { role: 'STAFF' }],
    ];

    it('admits TENANT_OWNER, COMPANY_ADMIN and HR_MANAGER; every other role is 403, no token 401', async () => {
      await createJob({ status: 'OPEN' });
      const { applicationId } = await apply();
      for (const role of ['AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as Role[]) {
        const token = await s.tokenAs(role);
        for (const [method, path, body] of routes(applicationId)) {
          expect({ role, method, path, body: (await s.h.request(method, path, { token, body })).body }).to.deep.equal({ role, method, path, body: FORBIDDEN });
        }
      }
      for (const [method, path, body] of routes(applicationId)) {
        expect({ method, path, body: (await s.h.request(method, path, { body })).body }).to.deep.equal({ method, path, body: UNAUTHORIZED });
      }
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as Role[]) {
        const token = await s.tokenAs(role);
        expect((await s.h.request('GET', `/recruiting/applications/${applicationId}`, { token })).status, role).to.equal(200);
      }
    });

    it('answers 404 for another tenant’s application, and leaves it untouched', async () => {
      await createJob({ status: 'OPEN' });
      const a = await apply();
      await uploadPdf(a);
      const foreign = await s.tokenAs('COMPANY_ADMIN', s.tenantB);
      for (const [method, path, body] of routes(a.applicationId).filter(([, path]) => path.includes(a.applicationId))) {
        expect({ method, path, body: (await s.h.request(method, path, { token: foreign, body })).body }).to.deep.equal({ method, path, body: APPLICATION_NOT_FOUND });
      }
      const still = (await s.h.request('GET', `/recruiting/applications/${a.applicationId}`, { token: hr })).body;
      expect(still).to.deep.include({ stage: 'APPLIED', convertedUserId: null });
      expect(still.resume).to.not.equal(null);
      expect((await s.h.request('GET', `/recruiting/applications/${UNKNOWN_ID}`, { token: hr })).body).to.deep.equal(APPLICATION_NOT_FOUND);
      expect((await s.h.request('GET', '/recruiting/applications/not-a-uuid', { token: hr })).body).to.deep.equal(badRequest('id must be a UUID'));
    });
  });

  describe('retention (CAREERS_RETENTION_DAYS, default 180)', () => {
    it('the daily job erases applications decided more than 180 days ago, with their files; open and recent ones stay', async () => {
      await createJob({ status: 'OPEN' });
      const rejected = await apply();
      await uploadPdf(rejected);
      const hired = await apply();
      const open = await apply();
      const recent = await apply();
      await move(rejected.applicationId, 'REJECTED');
      await hire(hired.applicationId);
      const [{ resume_key: key }] = await s.h.ds.query(`SELECT resume_key FROM career_applications WHERE id = $1`, [rejected.applicationId]);
      const file = join(s.h.filesDir, key);
      expect(await readFile(file)).to.have.length.greaterThan(0);

      s.h.clock.advance(180 * 86_400_000 - 1000);
      const token = await s.tokenAs('HR_MANAGER');
      expect((await move(recent.applicationId, 'WITHDRAWN', token)).status).to.equal(200);
      await s.h.job('careers-retention').run();
      expect((await s.h.ds.query(`SELECT id FROM career_applications WHERE tenant_id = $1 ORDER BY id`, [s.tenantA])).length, 'nothing is 180 days old yet').to.equal(4);

      s.h.clock.advance(2000);
      await s.h.job('careers-retention').run();
      const left = (await s.h.ds.query(`SELECT id FROM career_applications WHERE tenant_id = $1`, [s.tenantA])).map((r: { id: string }) => r.id);
      expect(left.sort()).to.deep.equal([open.applicationId, recent.applicationId].sort());
      await readFile(file).then(
        () => expect.fail('the résumé file is still there'),
        (err: { code: string }) => expect(err.code).to.equal('ENOENT'),
      );
    });
  });
});
