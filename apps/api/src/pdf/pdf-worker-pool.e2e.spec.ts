import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { manyObjectsPdf, pdfWithPages } from '../test-support/esign-fixtures.js';
import { ApiHarness } from '../test-support/harness.js';

/** pdf-lib reads this in seconds (about 2 s on the 2-core development machine); making it takes milliseconds. */
const HEAVY_OBJECTS = 30_000;
const TOO_COMPLEX = { message: 'The PDF is too complex to process', error: 'PDF_TOO_COMPLEX', statusCode: 422 };
const BUSY = { message: 'Too many PDFs are being processed; retry shortly', error: 'Service Unavailable', statusCode: 503 };

function form(file: Buffer): FormData {
  const f = new FormData();
  f.append('file', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), 'document.pdf');
  return f;
}

async function hrToken(h: ApiHarness): Promise<{ tenantId: string; token: string }> {
  const tenant = await createTenant(h.ds);
  return { tenantId: tenant.id, token: await h.tokenFor(await createUser(h.ds, tenant.id, { role: 'HR_MANAGER' })) };
}

/** Resolves once the pool reports a task begun on a thread. */
async function taskBegun(h: ApiHarness): Promise<void> {
  while (h.pdf.inProgress === 0) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('PDF work: a time budget per document (issue 26)', () => {
  let h: ApiHarness;
  before(async () => {
    // A budget far below what the heavy document needs and far above what a one-page one does.
    h = await ApiHarness.start({ PDF_WORKERS: '1', PDF_TASK_TIMEOUT_MS: '500' });
  });
  after(async () => h.stop());

  it('answers 422 for a document over the budget, keeps nothing of it, and processes the next document', async function () {
    this.timeout(60_000);
    const { tenantId, token } = await hrToken(h);
    const refused = await h.request('POST', '/esign/documents', { token, form: form(manyObjectsPdf(HEAVY_OBJECTS)) });
    expect(refused.status).to.equal(422);
    expect(refused.body).to.deep.equal(TOO_COMPLEX);
    expect(await h.ds.query('SELECT id FROM esign_documents WHERE tenant_id = $1', [tenantId])).to.have.length(0);
    const next = await h.request('POST', '/esign/documents', { token, form: form(await pdfWithPages(['After the refusal'])) });
    expect(next.status, JSON.stringify(next.body)).to.equal(201);
    expect(next.body.pageCount).to.equal(1);
  });
});

describe('PDF work: off the event loop, on a bounded pool (issue 26)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ PDF_WORKERS: '1', PDF_QUEUE: '0' });
  });
  after(async () => h.stop());

  it('answers other requests while a heavy document is checked, and refuses a PDF beyond the queue with 503 and Retry-After', async function () {
    this.timeout(60_000);
    const { token } = await hrToken(h);
    let settled = false;
    const heavy = h.request('POST', '/esign/documents', { token, form: form(manyObjectsPdf(HEAVY_OBJECTS)) }).finally(() => (settled = true));
    await taskBegun(h);

    const health = await h.request('GET', '/health');
    expect(health.status).to.equal(200);
    const busy = await h.request('POST', '/esign/documents', { token, form: form(await pdfWithPages(['Queued'])) });
    expect(busy.status).to.equal(503);
    expect(busy.body).to.deep.equal(BUSY);
    expect(Number(busy.headers.get('retry-after'))).to.be.at.least(1);
    // Both answers came while the heavy document was still being read: the event loop was free.
    expect(settled).to.equal(false);
    expect(h.pdf.inProgress).to.equal(1);

    const accepted = await heavy;
    expect(accepted.status, JSON.stringify(accepted.body)).to.equal(201);
    expect(h.pdf.inProgress).to.equal(0);
  });
});
