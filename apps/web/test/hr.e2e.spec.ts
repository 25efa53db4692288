import { expect } from 'chai';
import { browserSuite, newTab, signIn } from './test-support/browser.js';
import { demoEmail } from './test-support/stack.js';

describe('web console: HR — contracts and issues (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('drafts and activates a contract that the staff member then sees as theirs, without the HR buttons', async () => {
    const hr = await newTab(suite.browser, suite.stack);
    try {
      await signIn(hr.page, demoEmail('HR_MANAGER'));
      await hr.page.goto('/hr/contracts');
      await hr.page.getByRole('button', { name: 'New contract' }).click();
      const dialog = hr.page.getByRole('dialog', { name: 'New contract' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await hr.page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByLabel(/^Job title/).fill('Line Cook');
      await dialog.getByLabel(/^Starts/).fill('2026-12-01');
      await dialog.getByLabel(/^Salary a year/).fill('24000');
      await dialog.getByRole('button', { name: 'Save the draft' }).click();
      await hr.page.getByText('Draft contract saved.').waitFor();
      await hr.page.getByRole('row').filter({ hasText: 'Line Cook' }).getByRole('button', { name: 'Activate' }).click();
      await hr.page.getByRole('row').filter({ hasText: 'Line Cook' }).getByText('Active').waitFor();
    } finally {
      await hr.context.close();
    }
    const staff = await newTab(suite.browser, suite.stack);
    try {
      await signIn(staff.page, demoEmail('STAFF'));
      await staff.page.goto('/hr/contracts');
      await staff.page.getByRole('heading', { name: 'My contracts' }).waitFor();
      await staff.page.getByRole('row').filter({ hasText: 'Line Cook' }).waitFor();
      expect(await staff.page.getByRole('button', { name: 'New contract' }).count()).to.equal(0);
    } finally {
      await staff.context.close();
    }
  });

  it('lets a staff member report an issue and a manager resolve it with a note', async () => {
    const staff = await newTab(suite.browser, suite.stack);
    try {
      await signIn(staff.page, demoEmail('STAFF'));
      await staff.page.goto('/hr/issues');
      await staff.page.getByRole('button', { name: 'Report an issue' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Report an issue' });
      await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
      await staff.page.getByRole('option', { name: 'Central Kitchen' }).click();
      await dialog.getByLabel(/^What is wrong/).fill('Walk-in fridge at 9 °C');
      await dialog.getByRole('button', { name: 'Report' }).click();
      await staff.page.getByText('Reported.').waitFor();
      expect(await staff.page.getByRole('button', { name: /^Move/ }).count()).to.equal(0);
    } finally {
      await staff.context.close();
    }
    const manager = await newTab(suite.browser, suite.stack);
    try {
      await signIn(manager.page, demoEmail('OUTLET_MANAGER'));
      await manager.page.goto('/hr/issues');
      await manager.page.getByRole('button', { name: 'Move Walk-in fridge at 9 °C' }).click();
      await manager.page.getByRole('menuitem', { name: 'Resolved' }).click();
      await manager.page.getByLabel(/^Note/).fill('Seal replaced');
      await manager.page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
      await manager.page.getByRole('row').filter({ hasText: 'Walk-in fridge' }).getByText('Resolved').waitFor();
      const issues = await suite.stack.call<Array<{ title: string; status: string; resolutionNote: string | null }>>('GET', '/issues', { token: await suite.stack.tokenOf(demoEmail('TENANT_OWNER')) });
      expect(issues.body.find((i) => i.title.startsWith('Walk-in fridge'))).to.include({ status: 'RESOLVED', resolutionNote: 'Seal replaced' });
    } finally {
      await manager.context.close();
    }
  });
});
