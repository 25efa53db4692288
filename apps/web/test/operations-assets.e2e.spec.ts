import { expect } from 'chai';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';

describe('web console: operations — the asset register and its QR quick-issue (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  const ownerToken = () => suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));

  it('lets an outlet manager register an asset, see its QR code, and import a CSV with a result per row', async () => {
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/operations/assets');
      await page.getByRole('row').filter({ hasText: 'Walk-in fridge' }).getByText(/^Ends in \d+ d$/).waitFor();
      await screenshot(page, 'operations-assets');
      await page.getByRole('button', { name: 'New asset' }).click();
      const dialog = page.getByRole('dialog', { name: 'New asset' });
      await dialog.getByLabel(/^Name/).fill('Ice machine');
      await dialog.getByLabel(/^Tag/).fill('CK-IM-01');
      await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await dialog.getByRole('combobox', { name: /^Category/ }).click();
      await page.getByRole('option', { name: 'Refrigeration' }).click();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('link', { name: 'Ice machine' }).click();
      await page.getByRole('heading', { name: 'Ice machine' }).waitFor();
      const qr = await page.getByRole('img', { name: /^QR code of Ice machine/ }).getAttribute('data-qr-value');
      expect(qr).to.match(/\/operations\/assets\/[0-9a-f-]{36}\/report$/);
      await page.getByText('No issues reported about this asset.').waitFor();

      const csv = ['tag,name,outletCode,categoryName,vendorName,warrantyUntil', 'CK-DW-01,Dishwasher,CK-01,Cooking,Kitchen Supply Co,2030-01-31', 'ck-fr-01,Walk-in cold room,CK-01,Refrigeration,,', 'CK-XX-01,Mystery box,CK-01,Plumbing,,', 'RC-GR-01,Grill,RC-02,Cooking,,'].join('\n');
      await page.goto('/operations/assets');
      await page.getByRole('link', { name: 'Import from CSV' }).click();
      await page.getByRole('heading', { name: 'Import assets' }).waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'assets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: 'Import 4 row(s)' }).click();
      await page.getByTestId('import-summary').filter({ hasText: '1 created, 1 updated, 0 unchanged, 2 refused, 0 to go of 4' }).waitFor();
      await page.locator('[data-line="2"]').getByText('Created').waitFor();
      await page.locator('[data-line="3"]').getByText('Updated').waitFor();
      await page.locator('[data-line="4"]').getByText('Refused: categoryName: no asset category is named "Plumbing"').waitFor();
      await page.locator('[data-line="5"]').getByText('Refused: outletCode: "RC-02" is not one of your outlets').waitFor();
    });
    const assets = await suite.stack.call<Array<{ tag: string; name: string }>>('GET', '/assets?search=CK-', { token: await ownerToken() });
    expect(assets.body.map((a) => [a.tag, a.name])).to.deep.include.members([
      ['CK-IM-01', 'Ice machine'],
      ['CK-DW-01', 'Dishwasher'],
      ['CK-FR-01', 'Walk-in cold room'],
    ]);
  });

  it('lets a staff member report a problem from the QR page in two taps, and the issue shows its source and asset', async () => {
    const freezer = await suite.stack.call<{ id: string; name: string }>('GET', '/asset-tags/CK-FZ-01', { token: await ownerToken() });
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto(`/operations/assets/${freezer.body.id}/report`);
      await page.getByRole('heading', { name: 'What is wrong with the chest freezer?' }).waitFor();
      await page.getByRole('button', { name: 'Leaking' }).click();
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('status').getByText(/The managers of Central Kitchen have been told/).waitFor();
    });
    const issues = await suite.stack.call<Array<{ title: string; source: string; priority: string }>>('GET', `/issues?assetId=${freezer.body.id}`, { token: await ownerToken() });
    expect(issues.body).to.have.length(1);
    expect(issues.body[0]).to.include({ title: 'Leaking: Chest freezer', source: 'QUICK_ISSUE', priority: 'HIGH' });
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/operations/issues');
      const row = page.getByRole('row').filter({ hasText: 'Leaking: Chest freezer' });
      await row.getByText('Quick report').waitFor();
      await row.getByRole('link', { name: 'Chest freezer' }).click();
      await page.getByRole('heading', { name: 'Chest freezer' }).waitFor();
      await page.locator('[data-history-section="issues"]').getByRole('row').filter({ hasText: 'Leaking: Chest freezer' }).getByText('Quick issue').waitFor();
    });
  });
});
