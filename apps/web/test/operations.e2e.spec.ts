import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: operations — issues (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('lets a staff member report an issue and a manager resolve it with a note', async () => {
    await asRole(suite, 'STAFF', async (staff) => {
      await staff.page.goto('/operations/issues');
      await staff.page.getByRole('main').getByRole('button', { name: 'Report an issue' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Report an issue' });
      await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
      await staff.page.getByRole('option', { name: 'Central Kitchen' }).click();
      await dialog.getByLabel(/^What is wrong/).fill('Walk-in fridge at 9 °C');
      await dialog.getByRole('button', { name: 'Report' }).click();
      await staff.page.getByText('Reported.').waitFor();
      expect(await staff.page.getByRole('button', { name: /^Move/ }).count()).to.equal(0);
    });
    await asRole(suite, 'OUTLET_MANAGER', async (manager) => {
      await manager.page.goto('/operations/issues');
      await manager.page.getByRole('button', { name: 'Move Walk-in fridge at 9 °C' }).click();
      await manager.page.getByRole('menuitem', { name: 'Resolved' }).click();
      await manager.page.getByLabel(/^Note/).fill('Seal replaced');
      await manager.page.getByRole('dialog', { name: /^Move “Walk-in fridge at 9 °C” to resolved/ }).getByRole('button', { name: 'Move', exact: true }).click();
      await manager.page.getByRole('row').filter({ hasText: 'Walk-in fridge' }).getByText('Resolved').waitFor();
      const issues = await suite.stack.call<Array<{ title: string; status: string; resolutionNote: string | null }>>('GET', '/issues', { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')) });
      expect(issues.body.find((i) => i.title.startsWith('Walk-in fridge'))).to.include({ status: 'RESOLVED', resolutionNote: 'Seal replaced' });
    });
  });
});
