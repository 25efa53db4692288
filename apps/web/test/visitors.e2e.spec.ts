import { expect } from 'chai';
import { asRole, browserSuite, newTab, signedIn } from './test-support/browser.js';

describe('web console: visitor passes and the magic link, the e-signature link (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('creates a pass in the page; the visitor opens the link, gets a QR credential the door accepts; after a revoke the link is not valid', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const zone = await suite.stack.call<{ id: string }>('POST', '/access/zones', { token: owner, body: { name: 'Goods entrance', readerIds: ['goods-1'] } });
    expect(zone.status).to.equal(201);
    const admin = await newTab(suite.browser, suite.stack);
    let link = '';
    try {
      await signedIn(admin.page, suite.stack, suite.stack.email('AREA_MANAGER'));
      await admin.page.goto('/access/visitors');
      await admin.page.getByRole('main').getByRole('button', { name: 'New visitor pass' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'New visitor pass' });
      await dialog.getByLabel(/^Visitor's name/).fill('Alex Supplier');
      await dialog.getByRole('combobox', { name: /^Zones/ }).click();
      await admin.page.getByRole('option', { name: 'Goods entrance' }).click();
      await dialog.getByRole('combobox', { name: /^Zones/ }).press('Escape');
      await dialog.getByLabel(/^Email/).fill('alex@supplier.example');
      await dialog.getByRole('button', { name: 'Create the pass' }).click();
      link = (await dialog.getByTestId('magic-link').textContent())!;
      expect(link).to.match(new RegExp(`^${suite.stack.origin}/visit/[A-Za-z0-9_-]{32}$`));
      await dialog.getByText('no mail server is configured').waitFor();
      const [mail] = await suite.stack.mailsTo('alex@supplier.example');
      expect(mail!.text).to.contain(link);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await admin.page.getByRole('row').filter({ hasText: 'Alex Supplier' }).getByText('Not yet').waitFor();
    } finally {
      await admin.context.close();
    }

    const visitor = await newTab(suite.browser, suite.stack, { width: 390, height: 844 });
    try {
      await visitor.page.goto(link);
      await visitor.page.getByRole('heading', { name: 'Alex Supplier' }).waitFor();
      await visitor.page.getByText('Goods entrance').waitFor();
      await visitor.page.getByTestId('valid-until').waitFor();
      const credentialId = (await visitor.page.getByRole('img', { name: /door credential/ }).getAttribute('data-qr-value'))!;
      const key = await suite.stack.call<{ key: string }>('POST', '/access/api-keys', { token: owner, body: { name: 'Goods bridge' } });
      const tap = await suite.stack.call<{ decision: string }>('POST', '/access/verify', { headers: { authorization: `Bearer ${key.body.key}` }, body: { credentialId, readerId: 'goods-1' } });
      expect(tap.body.decision).to.equal('GRANT');
      expect(visitor.foreignRequests).to.deep.equal([]);
    } finally {
      await visitor.context.close();
    }

    await asRole(suite, 'AREA_MANAGER', async (again) => {
      await again.page.goto('/access/visitors');
      await again.page.getByRole('main').getByRole('row').filter({ hasText: 'Alex Supplier' }).getByRole('button', { name: 'Revoke' }).click();
      await again.page.getByRole('dialog', { name: 'Revoke the pass of Alex Supplier?' }).getByRole('button', { name: 'Revoke' }).click();
      await again.page.getByRole('row').filter({ hasText: 'Alex Supplier' }).waitFor({ state: 'detached' });
      await again.page.goto(link);
      await again.page.getByText('This link is not valid').waitFor();
    });
  });

  it('lets the signer read and sign from the mailed e-signature link, then offers the signed copy', async () => {
    const hr = await suite.stack.tokenOf(suite.stack.email('HR_MANAGER'));
    const doc = await suite.stack.call<{ id: string }>('POST', '/esign/documents/generate', { token: hr, body: { title: 'Supplier agreement', body: 'The supplier delivers on weekdays before 10:00.' } });
    expect(doc.status, JSON.stringify(doc.body)).to.equal(201);
    const req = await suite.stack.call<{ id: string }>('POST', `/esign/documents/${doc.body.id}/requests`, { token: hr, body: { name: 'Robin Signer', email: 'robin@supplier.example', message: 'Please sign by Friday.' } });
    expect(req.status, JSON.stringify(req.body)).to.equal(201);
    const [mail] = await suite.stack.mailsTo('robin@supplier.example');
    const link = new RegExp(`${suite.stack.origin.replace(/[.:/]/g, '\\$&')}/esign/[^\\s]+`).exec(mail!.text)![0];
    const french = await newTab(suite.browser, suite.stack, { locale: 'fr-FR' });
    try {
      await french.page.goto(link);
      await french.page.getByRole('heading', { name: 'Supplier agreement' }).waitFor();
      expect(await french.page.title()).to.equal('Signer un document');
      await french.page.getByRole('link', { name: /^Lire le document \(.+, 1 page\)$/ }).waitFor();
      await french.page.getByLabel(/^Votre nom complet/).waitFor();
      await french.page.getByText('Vous signez en tant que robin@supplier.example', { exact: true }).waitFor();
      await french.page.getByRole('checkbox', { name: /accepte de le signer électroniquement/ }).waitFor();
      await french.page.getByRole('button', { name: 'Signer', exact: true }).waitFor();
    } finally {
      await french.context.close();
    }
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto(link);
      await page.getByRole('heading', { name: 'Supplier agreement' }).waitFor();
      await page.getByText('Please sign by Friday.').waitFor();
      const pdf = await fetch((await page.getByRole('link', { name: /Read the document/ }).getAttribute('href'))!.replace(/^\//, `${suite.stack.origin}/`));
      expect((await pdf.arrayBuffer()).byteLength).to.be.greaterThan(500);
      await page.getByLabel(/^Your full name/).fill('Robin Signer');
      const pad = page.getByLabel('Signature drawing area');
      const box = (await pad.boundingBox())!;
      await page.mouse.move(box.x + 20, box.y + 60);
      await page.mouse.down();
      await page.mouse.move(box.x + 120, box.y + 30, { steps: 5 });
      await page.mouse.move(box.x + 220, box.y + 80, { steps: 5 });
      await page.mouse.up();
      await page.getByRole('checkbox', { name: /agree to sign it electronically/ }).check();
      await page.getByRole('button', { name: 'Sign' }).click();
      await page.getByText('Signed by Robin Signer').waitFor();
      await page.getByRole('link', { name: 'Download the signed copy' }).waitFor();
      const status = await suite.stack.call<{ status: string }>('GET', `/esign/requests/${req.body.id}`, { token: hr });
      expect(status.body.status).to.equal('SIGNED');
      await page.goto(`${suite.stack.origin}/esign/not-a-real-token`);
      await page.getByText('This link is not valid').waitFor();
    } finally {
      await context.close();
    }
  });
});
