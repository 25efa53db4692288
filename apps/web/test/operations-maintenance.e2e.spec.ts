import { expect } from 'chai';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';

describe('web console: operations — maintenance and work orders (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it("shows the demo oven's overdue clean, and takes a work order from an issue to verified: the issue is resolved", async () => {
    const stack = suite.stack;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    // Two days either side of now: today in the tenant's time zone is within, whatever the runner's.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const due = await stack.call<Array<{ assetId: string; outletId: string; assetName: string; overdue: boolean }>>('GET', `/maintenance/due?from=${day(-2)}&to=${day(2)}`, { token: owner });
    const demoOven = due.body.find((d) => d.assetName === 'Combi oven')!;
    expect(demoOven.overdue).to.equal(true);
    const staffToken = await stack.tokenOf(stack.email('STAFF'));
    const issue = await stack.call<{ id: string }>('POST', '/issues', { token: staffToken, body: { outletId: demoOven.outletId, assetId: demoOven.assetId, title: 'Oven fan rattles', priority: 'HIGH' } });
    expect(issue.status).to.equal(201);

    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/operations/maintenance');
      await page.getByRole('button', { name: 'Quarterly deep clean — Combi oven (overdue)' }).first().waitFor();
      await screenshot(page, 'maintenance-calendar');

      await page.goto('/operations/work-orders');
      await page.getByRole('group', { name: 'Replace the door seal' }).waitFor();
      await page.getByRole('button', { name: 'New work order' }).click();
      const dialog = page.getByRole('dialog', { name: 'New work order' });
      await dialog.getByRole('combobox', { name: 'Outlet' }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await dialog.getByRole('combobox', { name: 'From issue (optional)' }).click();
      await page.getByRole('option', { name: 'Oven fan rattles' }).click();
      await dialog.getByRole('textbox', { name: /^Title/ }).fill('Replace the oven fan bearing');
      await dialog.getByRole('combobox', { name: 'Assign to (optional)' }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByRole('button', { name: 'Raise' }).click();
      await page.getByRole('region', { name: 'Assigned' }).getByRole('group', { name: 'Replace the oven fan bearing' }).waitFor();

      // The demo's open order goes to the supplier who maintains the oven.
      await page.getByRole('region', { name: 'Open' }).getByRole('group', { name: 'Replace the door seal' }).getByRole('button', { name: 'Assign', exact: true }).click();
      const assign = page.getByRole('dialog', { name: 'Assign “Replace the door seal”' });
      await assign.getByRole('combobox', { name: 'Or a vendor' }).click();
      await page.getByRole('option', { name: 'Kitchen Supply Co' }).click();
      await assign.getByRole('button', { name: 'Assign', exact: true }).click();
      await page.getByRole('region', { name: 'Assigned' }).getByRole('group', { name: 'Replace the door seal' }).getByText('Assigned to Kitchen Supply Co').waitFor();
    });

    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/operations/work-orders');
      const card = page.getByRole('group', { name: 'Replace the oven fan bearing' });
      await card.getByRole('button', { name: 'Start' }).click();
      await page.getByRole('region', { name: 'In progress' }).getByRole('group', { name: 'Replace the oven fan bearing' }).getByRole('button', { name: 'Complete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Complete “Replace the oven fan bearing”' });
      await dialog.getByRole('textbox', { name: /^What was done/ }).fill('New bearing fitted, fan quiet');
      await dialog.getByRole('button', { name: 'Complete' }).click();
      await page.getByRole('region', { name: 'Completed' }).getByRole('group', { name: 'Replace the oven fan bearing' }).waitFor();
      expect(await page.getByRole('button', { name: 'Verify' }).count()).to.equal(0);
      expect(await page.getByRole('group', { name: 'Replace the door seal' }).count(), 'staff see only the orders assigned to them').to.equal(0);
    });

    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/operations/work-orders');
      await page.getByRole('region', { name: 'Completed' }).getByRole('group', { name: 'Replace the oven fan bearing' }).getByRole('button', { name: 'Verify' }).click();
      await page.getByRole('region', { name: 'Verified' }).getByRole('group', { name: 'Replace the oven fan bearing' }).waitFor();
      await screenshot(page, 'work-orders');
      await page.goto('/operations/issues');
      await page.getByRole('row').filter({ hasText: 'Oven fan rattles' }).getByText('Resolved').waitFor();
    });
    const resolved = await stack.call<{ status: string; resolutionNote: string; workOrderIds: string[] }>('GET', `/issues/${issue.body.id}`, { token: owner });
    expect(resolved.body).to.include({ status: 'RESOLVED', resolutionNote: 'New bearing fitted, fan quiet' });
    expect(resolved.body.workOrderIds).to.have.length(1);
  });
});
