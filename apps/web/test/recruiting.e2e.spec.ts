import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

/** A one-page PDF small enough to write by hand. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('web console: hiring and documents — postings, applications, a hire made a user, documents to sign (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('publishes a posting to the careers page, moves an application through the stages and converts the hire into a user', async () => {
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/recruiting/jobs');
      await page.getByRole('main').getByRole('button', { name: 'New posting' }).click();
      const dialog = page.getByRole('dialog', { name: 'New posting' });
      await dialog.getByLabel(/^Title/).fill('Pastry Chef');
      expect(await dialog.getByLabel(/^Address name/).inputValue()).to.equal('pastry-chef');
      await dialog.getByLabel(/^Location/).fill('Leeds');
      await dialog.getByLabel(/^Description/).fill('Laminated doughs at dawn.');
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await page.getByText('Published on the careers page.').waitFor();
      const careers = await suite.stack.call<{ jobs: Array<{ slug: string }> }>('GET', `/careers/${suite.stack.tenant.slug}`);
      expect(careers.body.jobs.map((j) => j.slug)).to.include('pastry-chef');

      const applied = await suite.stack.call('POST', `/careers/${suite.stack.tenant.slug}/jobs/pastry-chef/apply`, { body: { fullName: 'Noor Baker', email: 'noor@candidate.example', coverLetter: 'Croissants are my life.' } });
      expect(applied.status).to.equal(201);
      await page.goto('/recruiting/applications');
      await page.getByRole('link', { name: 'Noor Baker' }).click();
      await page.getByText('Croissants are my life.').waitFor();
      for (const next of ['Move to interview', 'Move to offer', 'Move to hired']) {
        await page.getByRole('button', { name: next }).click();
        await page.getByRole('button', { name: next }).waitFor({ state: 'detached' });
      }
      await page.getByRole('main').getByRole('button', { name: 'Make them a user' }).click();
      await page.getByRole('dialog', { name: 'Make Noor Baker a user' }).getByRole('button', { name: 'Create the user' }).click();
      await page.getByText('Noor Baker is now a user.').waitFor();
      const users = await suite.stack.call<Array<{ fullName: string; role: string }>>('GET', '/users?search=noor', { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')) });
      expect(users.body.map((u) => [u.fullName, u.role])).to.deep.equal([['Noor Baker', 'STAFF']]);

      await page.goto('/recruiting/jobs');
      await page.getByRole('row').filter({ hasText: 'Pastry Chef' }).getByRole('button', { name: 'Close' }).click();
      await page.getByRole('row').filter({ hasText: 'Pastry Chef' }).getByText('Closed').waitFor();
      expect((await suite.stack.call<{ jobs: Array<{ slug: string }> }>('GET', `/careers/${suite.stack.tenant.slug}`)).body.jobs.map((j) => j.slug)).to.not.include('pastry-chef');
    });
  });

  it('adds a document, asks an outsider to sign it, shows it signed with the signed copy, and revokes another request', async () => {
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/documents/esign');
      await page.getByRole('main').getByRole('button', { name: 'New document' }).click();
      const add = page.getByRole('dialog', { name: 'New document' });
      await add.getByLabel(/^Title/).fill('Supplier terms');
      await add.locator('input[type=file]').setInputFiles({ name: 'terms.pdf', mimeType: 'application/pdf', buffer: PDF });
      await add.getByRole('button', { name: 'Add the document' }).click();
      await page.getByText('Document added.').waitFor();
      for (const [name, email] of [
        ['Robin Signer', 'robin@supplier.example'],
        ['Sasha Late', 'sasha@supplier.example'],
      ]) {
        await page.getByRole('row').filter({ hasText: 'Supplier terms' }).first().getByRole('button', { name: 'Ask to sign' }).click();
        const ask = page.getByRole('dialog', { name: 'Ask to sign Supplier terms' });
        await ask.getByLabel(/^Signer's name/).fill(name);
        await ask.getByLabel(/^Signer's email/).fill(email);
        await ask.getByRole('button', { name: 'Send' }).click();
        await page.getByText(`Sent to ${email}.`).waitFor();
        await ask.waitFor({ state: 'detached' });
      }
      const [mail] = await suite.stack.mailsTo('robin@supplier.example');
      const token = /\/esign\/([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
      expect((await suite.stack.call('POST', `/esign/public/${token}/sign`, { body: { fullName: 'Robin Signer', agree: true } })).status).to.equal(200);
      const robin = page.getByRole('row').filter({ hasText: 'Robin Signer' });
      await robin.getByText('Signed', { exact: true }).waitFor({ timeout: 20_000 });
      const download = page.waitForEvent('download');
      await robin.getByRole('button', { name: 'Signed PDF' }).click();
      expect((await download).suggestedFilename()).to.match(/^signed-Supplier terms\.pdf$/);
      await page.getByRole('row').filter({ hasText: 'Sasha Late' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('row').filter({ hasText: 'Sasha Late' }).getByText('Revoked').waitFor();
    });
  });
});
