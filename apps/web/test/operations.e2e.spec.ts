import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: operations — issues, automations (headless Chromium)', function () {
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

  it('lets a manager give an issue to someone at its outlet, who then sees it as theirs', async () => {
    const staffToken = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const outlets = await suite.stack.call<Array<{ id: string; name: string }>>('GET', '/outlets', { token: staffToken });
    const outletId = outlets.body.find((o) => o.name === 'Central Kitchen')!.id;
    const ownerToken = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    expect((await suite.stack.call('POST', '/issues', { token: ownerToken, body: { outletId, title: 'Extractor fan rattles', priority: 'LOW' } })).status).to.equal(201);
    await asRole(suite, 'OUTLET_MANAGER', async (manager) => {
      await manager.page.goto('/operations/issues');
      await manager.page.getByRole('button', { name: 'Assign Extractor fan rattles' }).click();
      const dialog = manager.page.getByRole('dialog', { name: 'Assign “Extractor fan rattles”' });
      await dialog.getByRole('combobox', { name: /^Person/ }).fill('Demo Staff');
      await manager.page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByRole('button', { name: 'Assign', exact: true }).click();
      await manager.page.getByRole('row').filter({ hasText: 'Extractor fan rattles' }).getByRole('cell', { name: 'Demo Staff' }).waitFor();
    });
    await asRole(suite, 'STAFF', async (staff) => {
      await staff.page.goto('/operations/issues');
      await staff.page.getByRole('row').filter({ hasText: 'Extractor fan rattles' }).getByRole('cell', { name: 'You', exact: true }).waitFor();
    });
  });

  it('builds an automation with two actions, shows it in words, and deletes it; staff and outlet managers have no Automations entry', async () => {
    await asRole(suite, 'OPERATIONS_MANAGER', async (ops) => {
      await ops.page.goto('/operations/issues');
      await ops.page.getByRole('link', { name: 'Automations' }).click();
      await ops.page.getByRole('main').getByRole('button', { name: 'New automation' }).click();
      const dialog = ops.page.getByRole('dialog', { name: 'New automation' });
      await dialog.getByLabel(/^Name/).fill('Escalate cold-chain failures');
      await dialog.getByRole('combobox', { name: 'When' }).click();
      await ops.page.getByRole('option', { name: 'A checklist task fails' }).click();
      await dialog.getByRole('button', { name: 'Add an action' }).click();
      const second = dialog.getByRole('group', { name: 'Action 2' });
      await second.getByRole('combobox', { name: 'Action' }).click();
      await ops.page.getByRole('option', { name: 'Raise an issue' }).click();
      await second.getByLabel('Issue title').fill('Call the refrigeration engineer');
      await dialog.getByRole('button', { name: 'Save' }).click();
      const row = ops.page.getByRole('row').filter({ hasText: 'Escalate cold-chain failures' });
      await row.getByText('Mail every outlet manager').waitFor();
      await row.getByText('Raise “Call the refrigeration engineer” (Medium)').waitFor();
      await row.getByText('A checklist task fails').waitFor();
      await row.getByRole('button', { name: 'Activity of Escalate cold-chain failures' }).click();
      await ops.page.getByText('It has not acted yet.').waitFor();
      const saved = await suite.stack.call<Array<{ name: string; trigger: string; actions: unknown[] }>>('GET', '/automations', { token: await suite.stack.tokenOf(suite.stack.email('OPERATIONS_MANAGER')) });
      expect(saved.body.find((a) => a.name === 'Escalate cold-chain failures')).to.deep.include({
        trigger: 'CHECKLIST_TASK_FAILED',
        actions: [{ kind: 'NOTIFY_ROLE', role: 'OUTLET_MANAGER' }, { kind: 'RAISE_ISSUE', title: 'Call the refrigeration engineer', priority: 'MEDIUM' }],
      });
      await row.getByRole('button', { name: 'Delete Escalate cold-chain failures' }).click();
      await ops.page.getByRole('dialog', { name: 'Delete “Escalate cold-chain failures”?' }).getByRole('button', { name: 'Delete' }).click();
      await row.waitFor({ state: 'detached' });
    });
    for (const role of ['STAFF', 'OUTLET_MANAGER'] as const) {
      await asRole(suite, role, async (tab) => {
        await tab.page.goto('/operations/issues');
        await tab.page.getByRole('heading', { name: 'Issues' }).waitFor();
        expect(await tab.page.getByRole('link', { name: 'Automations' }).count(), role).to.equal(0);
      });
    }
  });
});
