import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: HR — contracts, disciplinary actions, offboarding (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('drafts and activates a contract that the staff member then sees as theirs, without the HR buttons', async () => {
    await asRole(suite, 'HR_MANAGER', async (hr) => {
      await hr.page.goto('/hr/contracts');
      await hr.page.getByRole('main').getByRole('button', { name: 'New contract' }).click();
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
    });
    await asRole(suite, 'STAFF', async (staff) => {
      await staff.page.goto('/hr/contracts');
      await staff.page.getByRole('heading', { name: 'My contracts' }).waitFor();
      await staff.page.getByRole('row').filter({ hasText: 'Line Cook' }).waitFor();
      expect(await staff.page.getByRole('button', { name: 'New contract' }).count()).to.equal(0);
    });
  });

  it('escalates the third disciplinary action in a category within 90 days; the staff member sees their record without the details', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const [staff] = (await suite.stack.call<Array<{ id: string }>>('GET', `/users?search=${suite.stack.email('STAFF')}`, { token: owner })).body;
    for (const details of ['Late on Monday', 'Late on Tuesday']) {
      expect((await suite.stack.call('POST', '/disciplinary-actions', { token: owner, body: { userId: staff!.id, level: 'VERBAL', category: 'ATTENDANCE', details } })).status).to.equal(201);
    }
    await asRole(suite, 'HR_MANAGER', async (hr) => {
      await hr.page.goto('/hr/disciplinary');
      await hr.page.getByRole('main').getByRole('button', { name: 'Issue an action' }).click();
      const dialog = hr.page.getByRole('dialog', { name: 'Issue a disciplinary action' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await hr.page.getByRole('option', { name: 'Demo Staff', exact: true }).click();
      await dialog.getByLabel(/^Details/).fill('Late a third time');
      await dialog.getByRole('button', { name: 'Issue' }).click();
      await hr.page.getByText('Issued, raised to written.').waitFor();
      const row = hr.page.getByRole('row').filter({ hasText: 'Late a third time' });
      await row.getByText('Written').waitFor();
      await row.getByText(/Raised from verbal/).waitFor();
    });
    await asRole(suite, 'STAFF', async (me) => {
      await me.page.goto('/hr/disciplinary');
      await me.page.getByRole('heading', { name: 'My disciplinary record' }).waitFor();
      await me.page.getByRole('row').filter({ hasText: 'Written' }).waitFor();
      expect(await me.page.getByRole('row').filter({ hasText: 'Attendance' }).count()).to.equal(3);
      expect(await me.page.getByText(/Late/).count()).to.equal(0);
      expect(await me.page.getByRole('button', { name: 'Issue an action' }).count()).to.equal(0);
    });
  });

  it('offboards someone: the checklist ticked and extended, the settlement from their contract, then finalized (contract terminated, account inactive)', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const leaver = await suite.stack.call<{ id: string }>('POST', '/users', { token: owner, body: { fullName: 'Lee Leaver', email: 'lee.leaver@demo.test', role: 'STAFF' } });
    expect(leaver.status).to.equal(201);
    const contract = await suite.stack.call<{ id: string }>('POST', '/contracts', {
      token: owner,
      body: { userId: leaver.body.id, jobTitle: 'Porter', employmentType: 'FULL_TIME', startDate: '2026-01-05', salaryMinor: 2600000, currency: 'GBP' },
    });
    expect((await suite.stack.call('POST', `/contracts/${contract.body.id}/activate`, { token: owner })).status).to.equal(200);
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/hr/offboarding');
      await page.getByRole('main').getByRole('button', { name: 'Start offboarding' }).click();
      const dialog = page.getByRole('dialog', { name: 'Start offboarding' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Lee Leaver' }).click();
      await dialog.getByLabel(/^Last working day/).fill('2026-12-31');
      await dialog.getByRole('button', { name: 'Start' }).click();
      await page.getByText('Offboarding started.').waitFor();
      await page.getByRole('link', { name: 'Lee Leaver' }).click();
      await page.getByRole('heading', { name: 'Offboarding Lee Leaver' }).waitFor();
      await page.getByText('Net settlement').waitFor();
      expect(await page.getByRole('row', { name: /Net settlement/ }).textContent()).to.match(/£/);
      await page.getByLabel('Another item').fill('Return the van keys');
      await page.getByRole('main').getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('checkbox', { name: 'Return the van keys' }).waitFor();
      expect(await page.getByRole('main').getByRole('button', { name: 'Finalize' }).isDisabled()).to.equal(true);
      expect(await page.getByRole('checkbox').count()).to.equal(5);
      for (const name of ['Collect keys, uniform and equipment', 'Withdraw system and door access', 'Hold the exit interview', 'Confirm final pay details', 'Return the van keys']) {
        await page.getByRole('checkbox', { name, exact: true }).click();
        await page.getByRole('checkbox', { name, exact: true, checked: true }).waitFor();
      }
      await page.getByText(/checklist item\(s\) still to do/).waitFor({ state: 'detached' });
      await page.getByRole('main').getByRole('button', { name: 'Finalize' }).click();
      await page.getByRole('dialog', { name: /Finalize Lee Leaver/ }).getByRole('button', { name: 'Finalize' }).click();
      await page.getByText('Offboarding finalized.').waitFor();
      await page.getByText('Completed').first().waitFor();
      const user = await suite.stack.call<{ status: string }>('GET', `/users/${leaver.body.id}`, { token: owner });
      expect(user.body.status).to.equal('INACTIVE');
      const contracts = await suite.stack.call<Array<{ status: string }>>('GET', `/contracts?userId=${leaver.body.id}`, { token: owner });
      expect(contracts.body.map((c) => c.status)).to.deep.equal(['TERMINATED']);
    });
  });
});
