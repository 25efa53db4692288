import { createHash, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import type { Role } from '@wfm/core/tenancy';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import { encryptedPdf, pdfWithPages, png } from '../../../test-support/esign-fixtures.js';
import { pdfPageTexts } from '../../../test-support/pdf-text.js';
import { SCRATCH_DIR } from '../../../storage/file-storage.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const LINK_GONE = { message: 'Signing link not found or expired', error: 'Not Found', statusCode: 404 };
const DAY = 86_400_000;

describe('e-signature links: the signing token stays out of the logs', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({}, { captureLogs: true });
  });
  after(async () => h.stop());

  it('logs the public routes with the token replaced, and the mail by its file only', async () => {
    const tenant = await createTenant(h.ds);
    const hr = await createUser(h.ds, tenant.id, { role: 'HR_MANAGER' });
    const token = await h.tokenFor(hr);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await pdfWithPages(['Page']))], { type: 'application/pdf' }), 'a.pdf');
    const doc = (await h.request('POST', '/esign/documents', { token, form })).body;
    expect((await h.request('POST', `/esign/documents/${doc.id}/requests`, { token, body: { name: 'Olive', email: 'olive@outside.test' } })).status).to.equal(201);
    const link = /\/esign\/([A-Za-z0-9_-]+)\n/.exec((await h.mailsTo('olive@outside.test'))[0]!.text)![1]!;
    expect((await h.request('GET', `/esign/public/${link}`)).status).to.equal(200);
    expect((await h.request('GET', `/esign/public/${link}/download`, { binary: true })).status).to.equal(200);
    expect((await h.request('POST', `/esign/public/${link}/sign`, { body: { fullName: 'Olive', agree: true } })).status).to.equal(200);
    const logged = h.logLines.join('\n');
    expect(logged).to.include('/api/v1/esign/public/:redacted/sign');
    expect(logged).to.not.include(link);
  });
});

describe('e-signature links (issue 17)', () => {
  // Behind a trusted proxy: every public call speaks from an address of its own unless a test says
  // otherwise, so the per-address limits are met only where a test means to meet them.
  const s = twoTenantSuite({ env: { TRUST_PROXY: 'true' } });
  let calls = 0;
  const freshIp = () => `10.117.${Math.floor(++calls / 250)}.${(calls % 250) + 1}`;

  let hr: CreatedUser;
  let token: string;
  beforeEach(async () => {
    hr = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER', fullName: 'Hanna Reed' });
    token = await s.h.tokenFor(hr);
  });

  const uploadForm = (file: Buffer, fields: Record<string, string> = {}, name = 'Employment contract.pdf', type = 'application/pdf') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type }), name);
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return form;
  };
  const upload = (file: Buffer, fields: Record<string, string> = {}, as = token) => s.h.request('POST', '/esign/documents', { token: as, form: uploadForm(file, fields) });
  const generate = (body: unknown, as = token) => s.h.request('POST', '/esign/documents/generate', { token: as, body });
  const ask = (documentId: string, body: unknown, as = token) => s.h.request('POST', `/esign/documents/${documentId}/requests`, { token: as, body });
  const publicCall = (method: string, path: string, opts: { body?: unknown; ip?: string; headers?: Record<string, string>; binary?: boolean } = {}) =>
    s.h.request(method, `/esign/public/${path}`, { ...(opts.body === undefined ? {} : { body: opts.body }), binary: opts.binary ?? false, headers: { 'x-forwarded-for': opts.ip ?? freshIp(), ...opts.headers } });
  const view = (link: string, ip?: string) => publicCall('GET', link, { ip });
  const fetchPdf = (link: string, ip?: string) => publicCall('GET', `${link}/download`, { ip, binary: true });
  const sign = (link: string, body: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) => publicCall('POST', `${link}/sign`, { body, ...opts });
  const AGREED = { fullName: 'Olive Outsider', agree: true };

  async function uploaded(texts = ['Original page one', 'Original page two']): Promise<{ id: string; file: Buffer; body: any }> {
    const file = await pdfWithPages(texts);
    const res = await upload(file);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return { id: res.body.id, file, body: res.body };
  }

  /** The token of the newest signing link mailed to `email`. */
  async function linkMailedTo(email: string): Promise<string> {
    const mails = (await s.h.mailsTo(email, s.tenantA)).filter((m) => m.template === 'esign_request');
    const match = /\/esign\/([A-Za-z0-9_-]+)\n/.exec(mails.at(-1)?.text ?? '');
    expect(match, `a signing link mailed to ${email}`).to.not.equal(null);
    return match![1]!;
  }

  /** A document of two pages sent to an outsider; their link. */
  async function sent(over: Record<string, unknown> = {}): Promise<{ doc: { id: string; file: Buffer; body: any }; request: any; link: string; email: string }> {
    const doc = await uploaded();
    const email = `olive.${randomUUID().slice(0, 8)}@outside.test`;
    const res = await ask(doc.id, { name: 'Olive Outsider', email, ...over });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return { doc, request: res.body, email, link: await linkMailedTo(email) };
  }

  const requestById = async (id: string) => (await s.h.request('GET', `/esign/requests/${id}`, { token })).body;

  describe('documents', () => {
    it('uploads a PDF: stored under <tenant>/esign/<uuid> with its SHA-256, listed, shown and downloaded byte for byte', async () => {
      const { id, file, body } = await uploaded();
      expect(body).to.deep.equal({
        id,
        title: 'Employment contract',
        fileName: 'Employment contract.pdf',
        source: 'UPLOADED',
        sha256: sha256(file),
        sizeBytes: file.length,
        pageCount: 2,
        createdByUserId: hr.id,
        createdAt: s.h.clock.now().toISOString(),
      });
      const [row] = await s.h.ds.query(`SELECT storage_key AS key FROM esign_documents WHERE tenant_id = $1 AND id = $2`, [s.tenantA, id]);
      expect(row.key).to.match(new RegExp(`^${s.tenantA}/esign/[0-9a-f-]{36}$`));
      expect((await readFile(join(s.h.filesDir, row.key))).equals(file)).to.equal(true);

      const titled = await upload(file, { title: 'Contract — Olive' });
      expect(titled.body.title).to.equal('Contract — Olive');
      const list = await s.h.request('GET', '/esign/documents', { token });
      expect(list.body.map((d: { id: string }) => d.id)).to.have.members([id, titled.body.id]);
      expect((await s.h.request('GET', '/esign/documents?limit=1&offset=1', { token })).body).to.have.length(1);
      expect((await s.h.request('GET', `/esign/documents/${id}`, { token })).body).to.deep.equal({ ...body, requests: [] });

      const download = await s.h.request('GET', `/esign/documents/${id}/download`, { token, binary: true });
      expect(download.status).to.equal(200);
      expect(download.headers.get('content-type')).to.equal('application/pdf');
      expect(download.headers.get('content-disposition')).to.equal(`attachment; filename="Employment contract.pdf"; filename*=UTF-8''Employment%20contract.pdf`);
      expect(download.headers.get('cache-control')).to.equal('private, no-store');
      expect((download.body as Buffer).equals(file)).to.equal(true);

      // A stored file whose bytes no longer match its recorded SHA-256 is not served.
      await writeFile(join(s.h.filesDir, row.key), Buffer.concat([file, Buffer.from('\n% appended')]));
      expect((await s.h.request('GET', `/esign/documents/${id}/download`, { token })).body).to.deep.equal({ statusCode: 500, message: 'Internal server error' });
    });

    it('judges an upload by its content: not a PDF is 415, unreadable or encrypted is 422, over 10 MiB is 413', async () => {
      const asPdf = (file: Buffer) => s.h.request('POST', '/esign/documents', { token, form: uploadForm(file) });
      const notPdf = await asPdf(png(4, 4));
      expect(notPdf.status).to.equal(415);
      expect(notPdf.body).to.deep.equal({ message: 'The file must be a PDF (judged by its content, not its name)', error: 'Unsupported Media Type', statusCode: 415 });
      expect((await asPdf(Buffer.from('MZ\x90\x00 an executable renamed to .pdf'))).status).to.equal(415);
      expect((await s.h.request('POST', '/esign/documents', { token, body: { file: 'JVBERi0=' } })).status).to.equal(415);

      const garbage = await asPdf(Buffer.from('%PDF-1.7\nthis only starts like a PDF\n'));
      expect(garbage.status).to.equal(422);
      expect(garbage.body).to.deep.equal({ message: 'The file could not be read as a PDF', error: 'PDF_UNREADABLE', statusCode: 422 });
      const full = await pdfWithPages(['cut short']);
      expect((await asPdf(full.subarray(0, 300))).body.error).to.equal('PDF_UNREADABLE');
      const encrypted = await asPdf(await encryptedPdf());
      expect(encrypted.status).to.equal(422);
      expect(encrypted.body).to.deep.equal({ message: 'The PDF is encrypted or password-protected: remove the protection and upload it again', error: 'PDF_ENCRYPTED', statusCode: 422 });

      const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 8)]);
      const tooBig = await asPdf(big);
      expect(tooBig.status).to.equal(413);
      expect(tooBig.body).to.deep.equal({ message: 'Request body is too large', error: 'Payload Too Large', statusCode: 413 });

      const empty = new FormData();
      empty.append('title', 'No file');
      expect((await s.h.request('POST', '/esign/documents', { token, form: empty })).body).to.deep.equal(badRequest('file is required: a file in multipart/form-data'));
      expect((await upload(full, { colour: 'red' })).body).to.deep.equal(badRequest('property colour should not exist'));
      expect((await upload(full, { title: ' ' })).body).to.deep.equal(badRequest('title must be at least 1 characters'));
      expect(await s.h.ds.query(`SELECT id FROM esign_documents WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([]);
    });

    it('keeps no upload on the way: the file spooled from the request is moved into storage or removed, whatever the answer', async () => {
      const scratch = async () => (await readdir(SCRATCH_DIR).catch(() => [] as string[])).filter((name) => name.startsWith('upload-'));
      const answers: number[] = [];
      for (const file of [await pdfWithPages(['Kept']), png(4, 4), Buffer.from('%PDF-1.7\nonly starts like a PDF\n'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)])]) {
        answers.push((await upload(file)).status);
      }
      expect(answers).to.deep.equal([201, 415, 422, 413]);
      // The removal runs when each response has ended, which the client can see first.
      while ((await scratch()).length > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(await scratch()).to.deep.equal([]);
    });

    it('keeps no upload when the client goes away halfway through the body', async () => {
      const scratch = async () => (await readdir(SCRATCH_DIR).catch(() => [] as string[])).filter((name) => name.startsWith('upload-'));
      const boundary = 'cut-off-upload';
      const head = `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.pdf"\r\ncontent-type: application/pdf\r\n\r\n%PDF-1.7\n`;
      const url = new URL(`${s.h.baseUrl}/esign/documents`);
      const socket = connect(Number(url.port), url.hostname);
      await new Promise((resolve) => socket.once('connect', resolve));
      socket.write(`POST ${url.pathname} HTTP/1.1\r\nhost: ${url.host}\r\nauthorization: Bearer ${token}\r\ncontent-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: ${2 * 1024 * 1024}\r\n\r\n${head}`);
      socket.write(Buffer.alloc(512 * 1024, 0x20));
      // Spooling has begun once its scratch file exists; then the client is gone.
      while ((await scratch()).length === 0) await new Promise((resolve) => setImmediate(resolve));
      socket.destroy();
      while ((await scratch()).length > 0) await new Promise((resolve) => setImmediate(resolve));
      expect(await scratch()).to.deep.equal([]);
      expect(await s.h.ds.query(`SELECT id FROM esign_documents WHERE tenant_id = $1 AND file_name = 'a.pdf'`, [s.tenantA])).to.deep.equal([]);
    });

    it('generates a PDF from a title and text: wrapped to the page, breaking onto new pages, numbered', async () => {
      const paragraph = 'The employee agrees to the terms set out in this letter, which replace any earlier arrangement. '.repeat(12);
      const text = `Dear Olive,\n\n${Array.from({ length: 30 }, (_, i) => `${i + 1}. ${paragraph}`).join('\n\n')}\n\nYours sincerely,\nHanna Reed`;
      const res = await generate({ title: 'Offer letter', body: text });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body).to.deep.include({ title: 'Offer letter', fileName: 'Offer-letter.pdf', source: 'GENERATED', createdByUserId: hr.id });
      const file = (await s.h.request('GET', `/esign/documents/${res.body.id}/download`, { token, binary: true })).body as Buffer;
      expect(res.body.sha256).to.equal(sha256(file));
      expect(res.body.sizeBytes).to.equal(file.length);
      const pages = await pdfPageTexts(file);
      expect(res.body.pageCount).to.equal(pages.length).and.to.be.greaterThan(3);
      expect(pages[0]).to.match(/^Offer letter\nDear Olive,\n/);
      expect(pages[0]).to.include(`Page 1 of ${pages.length}`);
      expect(pages.at(-1)).to.include('Yours sincerely,\nHanna Reed');
      expect(pages.at(-1)).to.include(`Page ${pages.length} of ${pages.length}`);
      // Every word of the text is there, in order, and no line ran past the margin (a line holds about 95 characters).
      const printed = pages.join('\n').replace(/Page \d+ of \d+/g, '');
      expect(printed.replace(/\s+/g, ' ')).to.include(text.replace(/\s+/g, ' '));
      expect(Math.max(...printed.split('\n').map((l) => l.length))).to.be.within(60, 110);
      const doc = await PDFDocument.load(file);
      expect(doc.getTitle()).to.equal('Offer letter');
      expect(doc.getCreationDate()?.toISOString()).to.equal(new Date(Math.floor(s.h.clock.now().getTime() / 1000) * 1000).toISOString());

      const unbroken = await generate({ title: 'A long word', body: 'x'.repeat(400) });
      const lines = (await pdfPageTexts((await s.h.request('GET', `/esign/documents/${unbroken.body.id}/download`, { token, binary: true })).body))[0]!.split('\n');
      expect(lines.filter((l) => /^x+$/.test(l)).join('')).to.equal('x'.repeat(400));
    });

    it('refuses a generated document it cannot print exactly, and every malformed body', async () => {
      expect((await generate({ title: 'Contract 合同', body: 'Price ≠ value' })).body).to.deep.equal(
        badRequest('title has characters the standard PDF fonts cannot show: "合", "同"', 'body has characters the standard PDF fonts cannot show: "≠"'),
      );
      expect((await generate({ body: 'text' })).body).to.deep.equal(badRequest('title is required'));
      expect((await generate({ title: 'T', body: ' \n ' })).body).to.deep.equal(badRequest('body must not be empty'));
      expect((await generate({ title: 'T', body: 'x'.repeat(100_001) })).body).to.deep.equal(badRequest('body must be at most 100000 characters'));
      expect((await generate({ title: 'T', body: 'x', font: 'Comic' })).body).to.deep.equal(badRequest('property font should not exist'));
      expect((await generate({ title: 'Line\nbreak', body: 'x' })).body).to.deep.equal(badRequest('title must not contain control characters'));
      expect((await generate({ title: 'Accents: é, ü, ß, € are fine', body: 'Żółć is not' })).body.message[0]).to.equal('body has characters the standard PDF fonts cannot show: "Ż", "ł", "ć"');
    });
  });

  describe('signature requests', () => {
    it('asks a user of the tenant: their email gets the link, which is shown nowhere else and stored only as a keyed hash', async () => {
      const staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Sam Staff' });
      const doc = await uploaded();
      const res = await ask(doc.id, { userId: staff.id, message: 'Please sign by Friday.' });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const now = s.h.clock.now();
      expect(res.body).to.deep.equal({
        id: res.body.id,
        documentId: doc.id,
        documentTitle: 'Employment contract',
        signerUserId: staff.id,
        signerName: 'Sam Staff',
        signerEmail: staff.email,
        message: 'Please sign by Friday.',
        status: 'SENT',
        expiresAt: new Date(now.getTime() + 14 * DAY).toISOString(),
        createdByUserId: hr.id,
        createdAt: now.toISOString(),
        viewedAt: null,
        signedAt: null,
        revokedAt: null,
        revokedByUserId: null,
        signature: null,
      });
      const [mail] = await s.h.mailsTo(staff.email!, s.tenantA);
      expect(mail!.subject).to.equal('Please sign: Employment contract');
      expect(mail!.text).to.include('Hello Sam Staff,');
      expect(mail!.text).to.include('Hanna Reed of ');
      expect(mail!.text).to.include('Please sign by Friday.');
      const link = await linkMailedTo(staff.email!);
      expect(mail!.text).to.include(`${s.h.config.publicAppUrl}/esign/${link}\n`);
      expect(link).to.have.length(43);
      expect(JSON.stringify(res.body)).to.not.include(link);
      expect(JSON.stringify(await requestById(res.body.id))).to.not.include(link);
      const [row] = await s.h.ds.query(`SELECT * FROM esign_requests WHERE id = $1`, [res.body.id]);
      expect(JSON.stringify(row)).to.not.include(link);
      expect(row.token_hash).to.match(/^[0-9a-f]{64}$/);
      expect((await s.h.request('GET', `/esign/documents/${doc.id}`, { token })).body.requests.map((r: { id: string }) => r.id)).to.deep.equal([res.body.id]);
    });

    it('asks someone outside by name and email, until a chosen time', async () => {
      const doc = await uploaded();
      const expiresAt = new Date(s.h.clock.now().getTime() + 3 * DAY).toISOString();
      const res = await ask(doc.id, { name: 'Olive Outsider', email: 'Olive@Outside.TEST', expiresAt });
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.include({ signerUserId: null, signerName: 'Olive Outsider', signerEmail: 'olive@outside.test', expiresAt, message: null });
      await linkMailedTo('olive@outside.test');
    });

    it('validates the signer and the expiry; one open request per person and document', async () => {
      const doc = await uploaded();
      const staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const nomail = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', email: null, mobile: '+447700900123' });
      const stranger = await createUser(s.h.ds, s.tenantB, { role: 'STAFF' });
      const now = s.h.clock.now().getTime();
      expect((await ask(doc.id, { userId: staff.id, email: 'x@y.test' })).body).to.deep.equal(badRequest('userId must not be given with name or email'));
      expect((await ask(doc.id, {})).body).to.deep.equal(badRequest('userId is required unless name and email are given'));
      expect((await ask(doc.id, { name: 'No Email' })).body).to.deep.equal(badRequest('userId is required unless name and email are given'));
      expect((await ask(doc.id, { name: 'Bad', email: 'not-an-email' })).body).to.deep.equal(badRequest('email must be an email'));
      expect((await ask(doc.id, { userId: 'nope' })).body).to.deep.equal(badRequest('userId must be a UUID'));
      expect((await ask(doc.id, { userId: staff.id, expiresAt: new Date(now - 1000).toISOString() })).body).to.deep.equal(badRequest('expiresAt must be in the future'));
      expect((await ask(doc.id, { userId: staff.id, expiresAt: new Date(now + 90 * DAY + 1000).toISOString() })).body).to.deep.equal(badRequest('expiresAt must be at most 90 days ahead'));
      expect((await ask(doc.id, { userId: staff.id, expiresAt: 'tomorrow' })).status).to.equal(400);
      expect((await ask(doc.id, { userId: staff.id, cc: 'boss@x.test' })).body).to.deep.equal(badRequest('property cc should not exist'));
      expect((await ask(doc.id, { userId: nomail.id })).body).to.deep.equal({ message: 'The user has no email address: ask them by name and email instead', error: 'SIGNER_WITHOUT_EMAIL', statusCode: 422 });
      expect((await ask(doc.id, { userId: stranger.id })).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
      expect((await ask(randomUUID(), { userId: staff.id })).body).to.deep.equal({ message: 'Document not found', error: 'Not Found', statusCode: 404 });
      expect((await ask('not-a-uuid', { userId: staff.id })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect(await s.h.mailsTo(staff.email!)).to.deep.equal([]);

      const first = await ask(doc.id, { userId: staff.id });
      expect(first.status).to.equal(201);
      const again = await ask(doc.id, { name: 'Same Person', email: staff.email });
      expect(again.body).to.deep.equal({ message: 'This person already has an open request to sign this document: revoke it first to send a new link', error: 'ESIGN_REQUEST_OPEN', statusCode: 409 });
      expect((await s.h.request('POST', `/esign/requests/${first.body.id}/revoke`, { token })).status).to.equal(200);
      expect((await ask(doc.id, { userId: staff.id })).status).to.equal(201);
      expect(await s.h.mailsTo(staff.email!)).to.have.length(2);
    });

    it('lists requests by document and by status as they move', async () => {
      const a = await sent();
      s.h.clock.advance(1000);
      const b = await sent();
      s.h.clock.advance(1000);
      const c = await sent();
      await view(b.link);
      expect((await sign(c.link, AGREED)).status).to.equal(200);
      const byStatus = async (status: string) => (await s.h.request('GET', `/esign/requests?status=${status}`, { token })).body.map((r: { id: string }) => r.id);
      expect(await byStatus('SENT')).to.deep.equal([a.request.id]);
      expect(await byStatus('VIEWED')).to.deep.equal([b.request.id]);
      expect(await byStatus('SIGNED')).to.deep.equal([c.request.id]);
      expect(await byStatus('EXPIRED')).to.deep.equal([]);
      expect((await s.h.request('GET', `/esign/requests?documentId=${b.doc.id}`, { token })).body.map((r: { id: string }) => r.id)).to.deep.equal([b.request.id]);
      expect((await s.h.request('GET', '/esign/requests', { token })).body.map((r: { id: string }) => r.id)).to.deep.equal([c.request.id, b.request.id, a.request.id]);
      expect((await s.h.request('GET', '/esign/requests?status=LOST', { token })).status).to.equal(400);
      expect((await s.h.request('GET', '/esign/requests?documentId=x', { token })).body).to.deep.equal(badRequest('documentId must be a UUID'));
    });

    it('revokes: the link is gone for good; a revoked or signed request cannot be revoked again', async () => {
      const { link, request } = await sent();
      await view(link);
      const revoked = await s.h.request('POST', `/esign/requests/${request.id}/revoke`, { token });
      expect(revoked.status).to.equal(200);
      expect(revoked.body).to.deep.include({ status: 'REVOKED', revokedAt: s.h.clock.now().toISOString(), revokedByUserId: hr.id });
      expect((await view(link)).body).to.deep.equal(LINK_GONE);
      expect((await fetchPdf(link)).status).to.equal(404);
      expect((await sign(link, AGREED)).body).to.deep.equal(LINK_GONE);
      expect((await s.h.request('POST', `/esign/requests/${request.id}/revoke`, { token })).body).to.deep.equal({ message: 'The request is already revoked', error: 'ESIGN_REVOKED', statusCode: 409 });

      const signed = await sent();
      await sign(signed.link, AGREED);
      expect((await s.h.request('POST', `/esign/requests/${signed.request.id}/revoke`, { token })).body).to.deep.equal({
        message: 'The document has been signed: a signed request cannot be revoked',
        error: 'ESIGN_SIGNED',
        statusCode: 409,
      });
      expect((await s.h.request('POST', `/esign/requests/${randomUUID()}/revoke`, { token })).status).to.equal(404);
      expect((await s.h.request('GET', `/esign/requests/${request.id}/download`, { token })).body).to.deep.equal({ message: 'The document has not been signed yet', error: 'ESIGN_NOT_SIGNED', statusCode: 409 });
    });
  });

  describe('the signer’s link', () => {
    it('shows the document without a JWT, and the first view marks the request VIEWED', async () => {
      const { link, request, doc, email } = await sent({ message: 'Welcome aboard' });
      const first = await view(link);
      expect(first.status).to.equal(200);
      expect(first.headers.get('cache-control')).to.equal('private, no-store');
      const viewedAt = s.h.clock.now().toISOString();
      expect(first.body).to.deep.equal({
        status: 'VIEWED',
        organisation: (await s.h.ds.query(`SELECT name FROM tenants WHERE id = $1`, [s.tenantA]))[0].name,
        requestedBy: 'Hanna Reed',
        message: 'Welcome aboard',
        signer: { name: 'Olive Outsider', email },
        document: { title: 'Employment contract', fileName: 'Employment contract.pdf', pageCount: 2, sizeBytes: doc.file.length, sha256: sha256(doc.file) },
        expiresAt: request.expiresAt,
        viewedAt,
        signedAt: null,
        signedSha256: null,
      });
      expect(await requestById(request.id)).to.deep.include({ status: 'VIEWED', viewedAt });
      s.h.clock.advance(60_000);
      expect((await view(link)).body.viewedAt).to.equal(viewedAt);
      const pdf = await fetchPdf(link);
      expect(pdf.headers.get('content-type')).to.equal('application/pdf');
      expect((pdf.body as Buffer).equals(doc.file)).to.equal(true);
      expect((await requestById(request.id)).viewedAt).to.equal(viewedAt);
      // A JWT is not what this route takes, and is not needed.
      expect((await s.h.request('GET', `/esign/public/${link}`, { token, headers: { 'x-forwarded-for': freshIp() } })).status).to.equal(200);
    });

    it('a download counts as the first view too', async () => {
      const { link, request } = await sent();
      expect((await fetchPdf(link)).status).to.equal(200);
      expect((await requestById(request.id)).status).to.equal('VIEWED');
    });

    it('signs with the typed name: the original pages unchanged, a signature page, and an audit page with the evidence and both hashes', async () => {
      const { link, request, doc, email } = await sent();
      await view(link);
      const viewedAt = s.h.clock.now().toISOString();
      s.h.clock.advance(5 * 60_000);
      const res = await sign(link, { fullName: 'Olive Q. Outsider', agree: true }, { ip: '203.0.113.45', headers: { 'user-agent': 'Mozilla/5.0 (Test) Signer/1.0', 'x-request-id': 'sign-trace-1' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.headers.get('x-request-id')).to.equal('sign-trace-1');
      const signedAt = s.h.clock.now().toISOString();
      const signed = (await fetchPdf(link)).body as Buffer;
      expect(res.body).to.deep.equal({ status: 'SIGNED', signedAt, originalSha256: sha256(doc.file), signedSha256: sha256(signed), signedSizeBytes: signed.length, signedPageCount: 4 });

      const record = await requestById(request.id);
      expect(record).to.deep.include({ status: 'SIGNED', signedAt, viewedAt });
      expect(record.signature).to.deep.include({
        fullName: 'Olive Q. Outsider',
        method: 'TYPED',
        ip: '203.0.113.45',
        userAgent: 'Mozilla/5.0 (Test) Signer/1.0',
        requestId: 'sign-trace-1',
        originalSha256: sha256(doc.file),
        signedSha256: sha256(signed),
        signedSizeBytes: signed.length,
        signedPageCount: 4,
      });
      // The audit page is an incremental update: the bytes before it are the document it describes.
      const { contentBytes, contentSha256 } = record.signature;
      expect(sha256(signed.subarray(0, contentBytes))).to.equal(contentSha256);
      expect(contentBytes).to.be.lessThan(signed.length);

      const pages = await pdfPageTexts(signed);
      expect(pages).to.have.length(4);
      expect(pages.slice(0, 2)).to.deep.equal(await pdfPageTexts(doc.file));
      expect(pages[2]).to.include('Electronic signature');
      expect(pages[2]).to.include('Olive Q. Outsider');
      expect(pages[2]).to.include(sha256(doc.file));
      const flat = (text: string) => text.replace(/\s+/g, ' ');
      expect(flat(pages[2]!)).to.include(`signed it on ${signedAt} (UTC)`);
      const audit = flat(pages[3]!);
      for (const fact of [
        'Audit trail',
        'Employment contract',
        doc.id,
        request.id,
        `Olive Outsider <${email}>`,
        `${request.createdAt} by Hanna Reed`,
        viewedAt,
        'Olive Q. Outsider',
        signedAt,
        '203.0.113.45',
        'Mozilla/5.0 (Test) Signer/1.0',
        'sign-trace-1',
        'Typed name',
        sha256(doc.file),
        `the first ${contentBytes} bytes of this file`,
        contentSha256,
      ]) {
        expect(audit, fact).to.include(fact);
      }

      // The original pages are the same objects, not redrawn: their content streams are byte for byte the original's.
      const [before, after] = await Promise.all([PDFDocument.load(doc.file), PDFDocument.load(signed)]);
      expect(after.getPageCount()).to.equal(4);
      for (const i of [0, 1]) {
        const contents = (d: PDFDocument) => {
          const c = d.getPage(i).node.Contents();
          const streams = c instanceof PDFArray ? c.asArray().map((ref) => d.context.lookup(ref)) : [c];
          return streams.map((stream) => Buffer.from((stream as PDFRawStream).getContents()).toString('latin1')).join('|');
        };
        expect(contents(after)).to.equal(contents(before));
        expect(after.getPage(i).getSize()).to.deep.equal(before.getPage(i).getSize());
      }

      const [row] = await s.h.ds.query(`SELECT signed_storage_key AS key FROM esign_requests WHERE id = $1`, [request.id]);
      expect(row.key).to.match(new RegExp(`^${s.tenantA}/esign/[0-9a-f-]{36}$`));
      expect((await readFile(join(s.h.filesDir, row.key))).equals(signed)).to.equal(true);
      const admin = await s.h.request('GET', `/esign/requests/${request.id}/download`, { token, binary: true });
      expect(admin.headers.get('content-disposition')).to.equal(`attachment; filename="Employment contract-signed.pdf"; filename*=UTF-8''Employment%20contract-signed.pdf`);
      expect((admin.body as Buffer).equals(signed)).to.equal(true);
      // The original stays as it was.
      expect(((await s.h.request('GET', `/esign/documents/${doc.id}/download`, { token, binary: true })).body as Buffer).equals(doc.file)).to.equal(true);
    });

    it('signs with a drawn PNG, as a data URL or bare base64, and records its hash', async () => {
      const image = png(300, 100);
      for (const signatureImage of [`data:image/png;base64,${image.toString('base64')}`, image.toString('base64')]) {
        const { link, request } = await sent();
        const res = await sign(link, { ...AGREED, signatureImage });
        expect(res.status, JSON.stringify(res.body)).to.equal(200);
        expect((await requestById(request.id)).signature.method).to.equal('IMAGE');
        const signed = (await fetchPdf(link)).body as Buffer;
        const pages = await pdfPageTexts(signed);
        expect(pages[3]).to.include('Drawn image (PNG)');
        expect(pages[3]).to.include(sha256(image));
        expect(pages[2]).to.include('drawn signature');
        const signaturePage = (await PDFDocument.load(signed)).getPage(2);
        expect(signaturePage.node.Resources()!.toString()).to.include('/XObject');
      }
    });

    it('sets a name the standard fonts lack as near as they can, and keeps it exactly in the record', async () => {
      const { link, request } = await sent();
      expect((await sign(link, { fullName: 'Łukasz Żółć 李', agree: true })).status).to.equal(200);
      expect((await requestById(request.id)).signature.fullName).to.equal('Łukasz Żółć 李');
      const pages = await pdfPageTexts((await fetchPdf(link)).body as Buffer);
      expect(pages[2]).to.include('Lukasz Zólc ? (');
    });

    it('refuses a signature without agreement, a bad name, or an image that is not a small PNG', async () => {
      const { link, request } = await sent();
      const refused = async (body: unknown) => (await sign(link, body)).body;
      expect(await refused({ fullName: 'Olive' })).to.deep.equal(badRequest('agree is required'));
      expect(await refused({ fullName: 'Olive', agree: false })).to.deep.equal(badRequest('agree must be one of the following values: true'));
      expect(await refused({ fullName: 'Olive', agree: 'true' })).to.deep.equal(badRequest('agree must be one of the following values: true'));
      expect(await refused({ agree: true })).to.deep.equal(badRequest('fullName is required'));
      expect(await refused({ fullName: ' O ', agree: true })).to.deep.equal(badRequest('fullName must be at least 2 characters'));
      expect(await refused({ fullName: '12345', agree: true })).to.deep.equal(badRequest('fullName must contain a letter'));
      expect(await refused({ fullName: 'x'.repeat(121), agree: true })).to.deep.equal(badRequest('fullName must be at most 120 characters'));
      expect(await refused({ ...AGREED, date: '2020-01-01' })).to.deep.equal(badRequest('property date should not exist'));
      expect(await refused({ ...AGREED, signatureImage: 'not base64!' })).to.deep.equal(badRequest('signatureImage must be a PNG image as a data URL (data:image/png;base64,…) or base64'));
      expect(await refused({ ...AGREED, signatureImage: 'data:image/jpeg;base64,/9j/4AAQSkZJRg==' })).to.deep.equal(badRequest('signatureImage must be a PNG image as a data URL (data:image/png;base64,…) or base64'));
      expect(await refused({ ...AGREED, signatureImage: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]).toString('base64') })).to.deep.equal(
        badRequest('signatureImage must be a PNG image (judged by its content)'),
      );
      expect(await refused({ ...AGREED, signatureImage: png(300, 300, { noise: true }).toString('base64') })).to.deep.equal(badRequest('signatureImage must be at most 256 KiB'));
      expect(await refused({ ...AGREED, signatureImage: png(10, 10, { declared: [5000, 10] }).toString('base64') })).to.deep.equal(badRequest('signatureImage must be at most 4000 pixels a side'));
      // Pixel data that is not zlib once made pdf-lib's decoder spin forever: refused before it gets there, as is every broken file.
      for (const broken of [png(10, 10, { corrupt: true }), png(10, 10, { declared: [20, 10] }), png(10, 10).subarray(0, 60), Buffer.concat([png(10, 10).subarray(0, 40), Buffer.from('xxxx'), png(10, 10).subarray(44)])]) {
        expect(await refused({ ...AGREED, signatureImage: broken.toString('base64') })).to.deep.equal(badRequest('signatureImage is not a readable PNG image'));
      }
      expect(await refused({ ...AGREED, signatureImage: 'A'.repeat(600_000) })).to.deep.equal(badRequest('signatureImage must be at most 524288 characters'));
      expect((await requestById(request.id)).status).to.equal('SENT');
      expect((await sign(link, AGREED)).status).to.equal(200);
    });

    it('signs once: a second signature is a 409, and the link then gives the signed copy', async () => {
      const { link, request } = await sent();
      const first = await sign(link, AGREED);
      expect(first.status).to.equal(200);
      const second = await sign(link, { fullName: 'Someone Else', agree: true });
      expect(second.body).to.deep.equal({ message: 'This document has already been signed', error: 'ALREADY_SIGNED', statusCode: 409 });
      const shown = await view(link);
      expect(shown.body).to.deep.include({ status: 'SIGNED', signedAt: first.body.signedAt, signedSha256: first.body.signedSha256 });
      expect(sha256((await fetchPdf(link)).body as Buffer)).to.equal(first.body.signedSha256);
      expect((await requestById(request.id)).signature.fullName).to.equal('Olive Outsider');
    });

    it('refuses to sign an original whose stored bytes no longer match its SHA-256, and keeps no signed copy', async () => {
      const { link, request, doc } = await sent();
      const [row] = await s.h.ds.query(`SELECT storage_key AS key FROM esign_documents WHERE id = $1`, [doc.id]);
      await writeFile(join(s.h.filesDir, row.key), Buffer.concat([doc.file, Buffer.from('\n% appended')]));
      expect((await sign(link, AGREED)).body).to.deep.equal({ statusCode: 500, message: 'Internal server error' });
      expect((await requestById(request.id)).status).to.not.equal('SIGNED');
      // The signed copy's scratch file is removed before the answer is sent.
      expect((await readdir(SCRATCH_DIR)).filter((name) => name.startsWith('signed-'))).to.deep.equal([]);
    });

    it('two signatures at once make one signed copy; the other hears 409', async () => {
      const { link, request } = await sent();
      const results = await Promise.all([sign(link, AGREED), sign(link, { fullName: 'Olive Twice', agree: true })]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 409]);
      const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM esign_requests WHERE id = $1 AND signed_at IS NOT NULL`, [request.id]);
      expect(row.n).to.equal(1);
      const kept = (await requestById(request.id)).signature;
      expect(sha256((await fetchPdf(link)).body as Buffer)).to.equal(kept.signedSha256);
    });

    it('expires: an open link is 404 after its time and the request EXPIRED; a signed copy is the signer’s until then only', async () => {
      const open = await sent({ expiresAt: new Date(s.h.clock.now().getTime() + 2 * DAY).toISOString() });
      const done = await sent({ expiresAt: new Date(s.h.clock.now().getTime() + 2 * DAY).toISOString() });
      await view(open.link);
      expect((await sign(done.link, AGREED)).status).to.equal(200);
      s.h.clock.advance(2 * DAY - 1000);
      expect((await view(open.link)).status).to.equal(200);
      expect((await fetchPdf(done.link)).status).to.equal(200);
      s.h.clock.advance(1000);
      for (const link of [open.link, done.link]) {
        expect((await view(link)).body).to.deep.equal(LINK_GONE);
        expect((await fetchPdf(link)).status).to.equal(404);
        expect((await sign(link, AGREED)).body).to.deep.equal(LINK_GONE);
      }
      token = await s.h.tokenFor(hr);
      expect((await requestById(open.request.id)).status).to.equal('EXPIRED');
      expect((await requestById(done.request.id)).status).to.equal('SIGNED');
      expect((await s.h.request('GET', `/esign/requests/${done.request.id}/download`, { token })).status).to.equal(200);
      // An expired request may be revoked (a record that it was withdrawn); the link stays gone.
      expect((await s.h.request('POST', `/esign/requests/${open.request.id}/revoke`, { token })).body.status).to.equal('REVOKED');
    });

    it('answers one 404 for unknown and malformed tokens', async () => {
      for (const t of ['A'.repeat(43), 'short', `${'A'.repeat(43)}x`, `${'A'.repeat(42)}!`]) {
        expect((await view(t)).body, t).to.deep.equal(LINK_GONE);
        expect((await fetchPdf(t)).status, t).to.equal(404);
        expect((await sign(t, AGREED)).body, t).to.deep.equal(LINK_GONE);
      }
    });

    it('fires no domain event: spec 03 has no e-signature events', async () => {
      const { link } = await sent();
      await view(link);
      await sign(link, AGREED);
      const revoked = await sent();
      await s.h.request('POST', `/esign/requests/${revoked.request.id}/revoke`, { token });
      await generate({ title: 'Letter', body: 'Hello' });
      expect(await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = ANY($1)`, [s.tenants])).to.deep.equal([]);
    });
  });

  describe('access', () => {
    const adminRoutes = (doc: string, req: string): Array<[string, string, unknown?]> => [
      ['GET', '/esign/documents'],
      ['GET', `/esign/documents/${doc}`],
      ['GET', `/esign/documents/${doc}/download`],
      ['POST', '/esign/documents/generate', { title: 'T', body: 'B' }],
      ['POST', `/esign/documents/${doc}/requests`, { name: 'N', email: `n.${randomUUID()}@x.test` }],
      ['GET', '/esign/requests'],
      ['GET', `/esign/requests/${req}`],
      ['GET', `/esign/requests/${req}/download`],
      ['POST', `/esign/requests/${req}/revoke`],
    ];

    it('answers 400 for a malformed id or paging value and 404 for an unknown id on every admin route with one', async () => {
      for (const path of ['/esign/documents/x', '/esign/documents/x/download', '/esign/requests/x', '/esign/requests/x/download']) {
        expect((await s.h.request('GET', path, { token })).body, path).to.deep.equal(badRequest('id must be a UUID'));
      }
      expect((await s.h.request('POST', '/esign/requests/x/revoke', { token })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('GET', '/esign/documents?limit=ten', { token })).body).to.deep.equal(badRequest('limit must be an integer number'));
      expect((await s.h.request('GET', '/esign/documents?page=2', { token })).body).to.deep.equal(badRequest('property page should not exist'));
      const unknown = randomUUID();
      for (const [method, path] of [
        ['GET', `/esign/documents/${unknown}`],
        ['GET', `/esign/documents/${unknown}/download`],
        ['GET', `/esign/requests/${unknown}`],
        ['GET', `/esign/requests/${unknown}/download`],
        ['POST', `/esign/requests/${unknown}/revoke`],
      ]) {
        expect((await s.h.request(method!, path!, { token })).status, `${method} ${path}`).to.equal(404);
      }
    });

    it('needs a valid access token on every admin route (401), upload included', async () => {
      const { doc, request } = await sent();
      for (const [method, path, body] of adminRoutes(doc.id, request.id)) {
        const res = await s.h.request(method, path, body === undefined ? {} : { body });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      }
      expect((await s.h.request('POST', '/esign/documents', { form: uploadForm(doc.file) })).status).to.equal(401);
      expect((await s.h.request('GET', '/esign/documents', { token: 'not-a-jwt' })).status).to.equal(401);
    });

    it('admits TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER (and the group owner); every other role is 403', async () => {
      const { doc, request } = await sent();
      for (const role of ['STAFF', 'OUTLET_MANAGER', 'OPERATIONS_MANAGER', 'AREA_MANAGER'] as Role[]) {
        const as = await s.tokenAs(role);
        for (const [method, path, body] of adminRoutes(doc.id, request.id)) {
          const res = await s.h.request(method, path, { token: as, ...(body === undefined ? {} : { body }) });
          expect(res.status, `${role} ${method} ${path}`).to.equal(403);
        }
        expect((await upload(doc.file, {}, as)).status, `${role} upload`).to.equal(403);
      }
      for (const role of ['TENANT_OWNER', 'COMPANY_ADMIN', 'TENANT_GROUP_OWNER'] as Role[]) {
        const as = await s.tokenAs(role);
        expect((await upload(doc.file, {}, as)).status, role).to.equal(201);
        expect((await s.h.request('GET', `/esign/requests/${request.id}`, { token: as })).status, role).to.equal(200);
      }
    });

    it('another tenant’s documents and requests are 404, and not listed', async () => {
      const { doc, request, link } = await sent();
      await sign(link, AGREED);
      const other = await s.tokenAs('HR_MANAGER', s.tenantB);
      for (const [method, path, body] of adminRoutes(doc.id, request.id).filter(([, p]) => p.includes(doc.id) || p.includes(request.id))) {
        const res = await s.h.request(method, path, { token: other, ...(body === undefined ? {} : { body }) });
        expect(res.status, `${method} ${path}`).to.equal(404);
      }
      expect((await s.h.request('GET', '/esign/documents', { token: other })).body).to.deep.equal([]);
      expect((await s.h.request('GET', '/esign/requests', { token: other })).body).to.deep.equal([]);
      expect((await s.h.request('GET', `/esign/requests?documentId=${doc.id}`, { token: other })).body).to.deep.equal([]);
    });

    const expectThrottled = (res: HttpResult, windowSeconds: number) => {
      expect(res.status).to.equal(429);
      expect(Buffer.isBuffer(res.body) ? JSON.parse(res.body.toString()) : res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, windowSeconds);
      expect(res.headers.has('x-ratelimit-limit')).to.equal(false);
    };

    for (const [label, limit, window, call] of [
      ['GET /esign/public/:token', 60, 60, (ip: string) => view('A'.repeat(43), ip)],
      ['GET /esign/public/:token/download', 20, 60, (ip: string) => fetchPdf('A'.repeat(43), ip)],
      ['POST /esign/public/:token/sign', 10, 15 * 60, (ip: string) => sign('A'.repeat(43), AGREED, { ip })],
    ] as const) {
      it(`${label}: ${limit} per ${window} s per address, then 429 with Retry-After`, async () => {
        const ip = freshIp();
        for (let i = 1; i <= limit; i++) {
          const res = await call(ip);
          expect(res.status, `call ${i}`).to.equal(404);
          expect(res.headers.get('x-ratelimit-limit')).to.equal(String(limit));
          expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(limit - i));
        }
        expectThrottled(await call(ip), window);
        expect((await call(freshIp())).status).to.equal(404);
      });
    }
  });
});
