import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: people — users, CSV import, outlets (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('creates a user who is mailed an invite, refuses a taken email with the API’s message, edits, deactivates, finds and removes them', async () => {
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/people/users');
      await page.getByRole('main').getByRole('button', { name: 'New user' }).click();
      const dialog = page.getByRole('dialog', { name: 'New user' });
      await dialog.getByLabel(/^Full name/).fill('Sam Cook');
      await dialog.getByLabel(/^Email/).fill('sam.cook@demo.test');
      await dialog.getByRole('combobox', { name: /^Outlets/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await dialog.getByRole('combobox', { name: /^Outlets/ }).press('Escape');
      await dialog.getByRole('button', { name: 'Add the user' }).click();
      await page.getByText('Sam Cook added; an invite to choose a password was mailed to sam.cook@demo.test.').waitFor();
      const token = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
      const found = await suite.stack.call<Array<{ id: string; fullName: string; role: string }>>('GET', '/users?search=sam.cook', { token });
      expect(found.body.map((u) => [u.fullName, u.role])).to.deep.equal([['Sam Cook', 'STAFF']]);
      const outlets = await suite.stack.call<{ outletIds: string[] }>('GET', `/users/${found.body[0]!.id}/outlets`, { token });
      expect(outlets.body.outletIds).to.have.length(1);
      expect((await suite.stack.mailsTo('sam.cook@demo.test')).map((m) => m.template)).to.include('invite');

      await page.getByRole('main').getByRole('button', { name: 'New user' }).click();
      await dialog.getByLabel(/^Full name/).fill('Sam Again');
      await dialog.getByLabel(/^Email/).fill('sam.cook@demo.test');
      await dialog.getByRole('button', { name: 'Add the user' }).click();
      await dialog.getByRole('alert').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await page.getByLabel('Search').fill('sam.cook');
      const row = page.getByRole('row').filter({ hasText: 'Sam Cook' });
      await row.waitFor();
      await page.getByRole('row').filter({ hasText: 'Demo Staff' }).waitFor({ state: 'detached' });
      expect(await page.getByRole('row').count()).to.equal(2);
      await row.getByRole('button', { name: 'Actions for Sam Cook' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Sam Cook' });
      await edit.getByLabel(/^Full name/).fill('Sam Cooke');
      await edit.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row').filter({ hasText: 'Sam Cooke' }).waitFor();
      await page.getByRole('button', { name: 'Actions for Sam Cooke' }).click();
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      await page.getByRole('row').filter({ hasText: 'Sam Cooke' }).getByText('Inactive').waitFor();
      await page.getByRole('button', { name: 'Actions for Sam Cooke' }).click();
      await page.getByRole('menuitem', { name: 'Remove' }).click();
      await page.getByRole('dialog', { name: 'Remove Sam Cooke?' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByText('Nobody matches.').waitFor();
      expect((await suite.stack.call<unknown[]>('GET', '/users?search=sam.cook', { token })).body).to.deep.equal([]);
    });
  });

  it('imports a CSV file with a progress bar and a result per row: good rows created, bad ones refused with the reason', async () => {
    const csv = [
      'Full name,Email,Mobile,Role',
      'Kim Lee,kim.lee@demo.test,,',
      '"Patel, Raj",,+447700900456,OUTLET_MANAGER',
      'No Contact,,,',
      `Dup Owner,${suite.stack.email('TENANT_OWNER')},,`,
      'Ana Ruiz,ana.ruiz@demo.test,,staff',
    ].join('\r\n');
    await asRole(suite, 'COMPANY_ADMIN', async ({ page }) => {
      await page.goto('/people/users');
      await page.getByRole('link', { name: 'Import from CSV' }).click();
      await page.locator('input[type=file]').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('5 row(s) read, 1 refused before sending').waitFor();
      await page.getByRole('button', { name: 'Import 4 row(s)' }).click();
      await page.getByTestId('import-summary').filter({ hasText: '3 created, 2 refused, 0 to go of 5' }).waitFor();
      expect(await page.getByRole('progressbar', { name: 'Import progress' }).getAttribute('aria-valuenow')).to.equal('100');
      await page.locator('[data-line="4"]').getByText('Refused: Needs an email address or a mobile number').waitFor();
      await page.locator('[data-line="5"]').getByText(/Refused: email/).waitFor();
      for (const line of [2, 3, 6]) await page.locator(`[data-line="${line}"]`).getByText('Created').waitFor();
      const token = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
      const raj = await suite.stack.call<Array<{ fullName: string; role: string }>>('GET', '/users?search=Patel', { token });
      expect(raj.body.map((u) => [u.fullName, u.role])).to.deep.equal([['Patel, Raj', 'OUTLET_MANAGER']]);
    });
  });

  it('adds an outlet; an outlet manager reads people and outlets without the buttons that change them', async () => {
    await asRole(suite, 'COMPANY_ADMIN', async ({ page }) => {
      await page.goto('/people/outlets');
      await page.getByRole('main').getByRole('button', { name: 'New outlet' }).click();
      const dialog = page.getByRole('dialog', { name: 'New outlet' });
      await dialog.getByLabel(/^Name/).fill('Harbour Bar');
      await dialog.getByLabel(/^Code/).fill('HB-03');
      await dialog.getByLabel(/^City/).fill('Bristol');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('row').filter({ hasText: 'Harbour Bar' }).filter({ hasText: 'Bristol' }).waitFor();
    });
    await asRole(suite, 'OUTLET_MANAGER', async (om) => {
      await om.page.goto('/people/users');
      await om.page.getByRole('row').filter({ hasText: 'Demo Staff' }).waitFor();
      expect(await om.page.getByRole('button', { name: 'New user' }).count()).to.equal(0);
      await om.page.goto('/people/outlets');
      await om.page.getByRole('row').filter({ hasText: 'Harbour Bar' }).waitFor();
      expect(await om.page.getByRole('button', { name: 'New outlet' }).count()).to.equal(0);
    });
  });
  it('imports outlets from a CSV file: new ones created, a taken code and a row without a city refused with the reason', async () => {
    const csv = ['Name,Code,City,Address', 'North Deli,ND-04,Leeds,1 Briggate', 'Copy Kitchen,ck-01,London,', 'No City,NC-05,,', 'Dock Grill,DG-06,Bristol,'].join('\n');
    await asRole(suite, 'OPERATIONS_MANAGER', async ({ page }) => {
      await page.goto('/people/outlets');
      await page.getByRole('link', { name: 'Import from CSV' }).click();
      await page.getByRole('heading', { name: 'Import outlets' }).waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'outlets.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByText('4 row(s) read, 1 refused before sending').waitFor();
      await page.getByRole('button', { name: 'Import 3 row(s)' }).click();
      await page.getByTestId('import-summary').filter({ hasText: '2 created, 2 refused, 0 to go of 4' }).waitFor();
      await page.locator('[data-line="3"]').getByText(/Refused: code/).waitFor();
      await page.locator('[data-line="4"]').getByText('Refused: No city').waitFor();
      const outlets = await suite.stack.call<Array<{ code: string; address: string | null }>>('GET', '/outlets', { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')) });
      expect(outlets.body.filter((o) => ['ND-04', 'DG-06'].includes(o.code)).map((o) => [o.code, o.address])).to.have.deep.members([
        ['ND-04', '1 Briggate'],
        ['DG-06', null],
      ]);
    });
  });
});
