import { expect } from 'chai';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';

describe('web console: operations — checklists (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('a manager builds a checklist with a temperature check and schedules it; staff answer it out of bounds on the phone; the flagged issue is listed', async () => {
    await asRole(suite, 'OPERATIONS_MANAGER', async (manager) => {
      const page = manager.page;
      await page.goto('/operations/checklists');
      await page.getByRole('main').getByRole('button', { name: 'New checklist' }).click();
      const builder = page.getByRole('dialog', { name: 'New checklist' });
      await builder.getByLabel(/^Name/).fill('Closing checks');
      await builder.getByRole('combobox', { name: 'Task 1 kind' }).click();
      await page.getByRole('option', { name: 'Number' }).click();
      await builder.getByLabel(/^Task 1 question/).fill('Walk-in fridge temperature');
      await builder.getByLabel('Task 1 lowest passing value').fill('0');
      await builder.getByLabel('Task 1 highest passing value').fill('5');
      await builder.getByLabel('Task 1 unit').fill('°C');
      await builder.getByRole('combobox', { name: 'Task 1 issue priority when it fails' }).click();
      await page.getByRole('option', { name: 'High' }).click();
      await builder.getByRole('combobox', { name: 'Task 1 asset (optional)' }).click();
      await page.getByRole('option', { name: 'Walk-in fridge (CK-FR-01)' }).click();
      await builder.getByRole('button', { name: 'Save the checklist' }).click();
      await page.getByText('Checklist saved.').waitFor();
      await page.getByRole('row').filter({ hasText: 'Closing checks' }).waitFor();

      // All day, so the run exists whenever the test runs.
      await page.getByRole('button', { name: 'Schedule a checklist' }).click();
      const scheduling = page.getByRole('dialog', { name: 'Schedule a checklist' });
      await scheduling.getByRole('combobox', { name: /^Checklist/ }).click();
      await page.getByRole('option', { name: 'Closing checks' }).click();
      await scheduling.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await scheduling.getByLabel(/^Time/).fill('00:00');
      await scheduling.getByLabel('Minutes to complete it').fill('1440');
      await scheduling.getByRole('button', { name: 'Schedule', exact: true }).click();
      await page.getByText('Scheduled.').waitFor();
      await page.getByRole('row').filter({ hasText: 'Closing checks' }).filter({ hasText: 'Central Kitchen' }).filter({ hasText: 'Every day' }).waitFor();
      const active = 'Closing checks at Central Kitchen at 00:00 active';
      await page.getByRole('switch', { name: active }).click();
      await page.getByRole('switch', { name: active, checked: false }).waitFor();
      await page.getByRole('switch', { name: active }).click();
      await page.getByRole('switch', { name: active, checked: true }).waitFor();
    });

    await asRole(suite, 'STAFF', async (staff) => {
      const page = staff.page;
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/operations/checklists/today');
      const run = page.getByRole('region', { name: 'Closing checks at Central Kitchen' });
      await run.getByLabel('Walk-in fridge temperature reading').fill('9');
      await run.getByRole('button', { name: 'Save' }).click();
      await run.getByText('Failed · issue raised').waitFor();
      await run.getByRole('button', { name: 'Complete Closing checks' }).click();
      await run.getByText('Completed', { exact: true }).waitFor();
      await screenshot(page, 'operations-checklists-today');
    });

    await asRole(suite, 'OUTLET_MANAGER', async (manager) => {
      await manager.page.goto('/operations/issues');
      await manager.page.getByRole('row').filter({ hasText: 'Walk-in fridge temperature 9 °C (allowed 0–5 °C)' }).getByText('High').waitFor();
    });
    await asRole(suite, 'OPERATIONS_MANAGER', async (manager) => {
      await manager.page.goto('/operations/checklists/completion');
      const row = manager.page.getByRole('row').filter({ hasText: 'Central Kitchen' });
      await row.waitFor();
      const [, , completed, late, , , failed] = await row.getByRole('cell').allTextContents();
      expect({ completed, late, failed }).to.deep.equal({ completed: '1', late: '0', failed: '1' });
    });
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const fridge = await suite.stack.call<{ id: string }>('GET', '/asset-tags/CK-FR-01', { token: owner });
    const issues = await suite.stack.call<Array<{ title: string; source: string; priority: string; status: string; assetId: string | null }>>('GET', '/issues?source=CHECKLIST', { token: owner });
    expect(issues.body.map((i) => ({ title: i.title, source: i.source, priority: i.priority, status: i.status, assetId: i.assetId }))).to.deep.equal([
      { title: 'Walk-in fridge temperature 9 °C (allowed 0–5 °C)', source: 'CHECKLIST', priority: 'HIGH', status: 'OPEN', assetId: fridge.body.id },
    ]);
  });
});
