import { expect } from 'chai';
import { systemClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { transactionRunner } from '@wfm/db/transaction';
import { LeaveAccrualRepository } from '@wfm/api/modules/time/leave-accrual/leave-accrual.repository';
import { LeaveAccrualService } from '@wfm/api/modules/time/leave-accrual/leave-accrual.service';
import { OutletScopeService } from '@wfm/api/modules/organization/user-outlets/outlet-scope.service';
import { UserOutletsRepository } from '@wfm/api/modules/organization/user-outlets/user-outlets.repository';
import { PeoplePolicy } from '@wfm/api/modules/organization/users/people-policy.service';
import { UsersRepository } from '@wfm/api/modules/organization/users/users.repository';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';

/** `YYYY-MM` `n` months after `month`. */
function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`;
}

describe('web console: leave accrual — a policy on a contract, the balance, a request beyond it (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  /**
   * The hourly leave-accrual job, as the job runner runs it, on the stack's database: the stack runs
   * no timed jobs (JOBS_ENABLED=false), and this one must run once, now, not at the next :41.
   */
  async function runAccrualJob(): Promise<void> {
    const ds = suite.stack.db.dataSource;
    const service = new LeaveAccrualService(
      new LeaveAccrualRepository(ds),
      transactionRunner(ds),
      systemClock,
      new OutletScopeService(new UserOutletsRepository(ds)),
      new PeoplePolicy(new UsersRepository(ds)),
      createLogger('test', 'silent'),
    );
    await service.runAccrual();
  }

  it('HR sets a monthly accrual on a contract; after the job the staff member sees the balance and a request beyond it is refused; HR reads the ledger', async () => {
    const stack = suite.stack;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const [staff] = (await stack.call<Array<{ id: string }>>('GET', `/users?search=${stack.email('STAFF')}`, { token: owner })).body;
    // Three whole months have ended since the contract began, today in the tenant's time zone.
    const [{ timezone }] = (await stack.db.dataSource.query(`SELECT timezone FROM tenants WHERE id = $1`, [stack.tenant.id])) as Array<{ timezone: string }>;
    const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date()).slice(0, 7);
    const contract = await stack.call<{ id: string }>('POST', '/contracts', {
      token: owner,
      body: { userId: staff!.id, jobTitle: 'Accruing Barista', employmentType: 'PART_TIME', startDate: `${addMonths(thisMonth, -3)}-01` },
    });
    expect(contract.status).to.equal(201);
    expect((await stack.call('POST', `/contracts/${contract.body.id}/activate`, { token: owner })).status).to.equal(200);

    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/hr/contracts');
      await page.getByRole('button', { name: 'Leave accrual of Demo Staff, Accruing Barista' }).click();
      const dialog = page.getByRole('dialog', { name: 'Leave accrual: Demo Staff' });
      await dialog.getByRole('textbox', { name: 'Amount a month' }).fill('2');
      await dialog.getByRole('combobox', { name: 'A request beyond the balance' }).click();
      await page.getByRole('option', { name: 'Is refused' }).click();
      await dialog.getByRole('button', { name: 'Save the policy' }).click();
      await page.getByText('Accrual policy saved.', { exact: true }).waitFor();
    });

    await runAccrualJob();

    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/me/leave');
      await page.getByRole('group', { name: 'Available' }).getByText('6.00 days').waitFor();
      await page.getByText('How the balance was reached').click();
      expect(await page.getByRole('row').filter({ hasText: '2.00 days a month' }).count()).to.equal(3);
      await screenshot(page, 'my-leave-balance');
      await page.getByRole('main').getByRole('button', { name: 'Request leave' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request leave' });
      await dialog.getByLabel(/^First day/).fill(`${addMonths(thisMonth, 2)}-01`);
      await dialog.getByLabel(/^Last day/).fill(`${addMonths(thisMonth, 2)}-10`);
      await dialog.getByRole('button', { name: 'Send the request' }).click();
      await dialog.getByText('The request takes 10.00 days of annual leave; the available balance is 6.00 days').waitFor();
      await dialog.getByLabel(/^Last day/).fill(`${addMonths(thisMonth, 2)}-03`);
      await dialog.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText('Requested: your manager decides.').waitFor();
      await page.getByRole('group', { name: 'Available' }).getByText('3.00 days').waitFor();
    });

    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/hr/leave-balances');
      await page.getByRole('row').filter({ hasText: 'Demo Staff' }).getByText('6.00 days').waitFor();
      await page.getByRole('link', { name: 'Demo Staff' }).click();
      await page.getByRole('heading', { name: 'Demo Staff' }).waitFor();
      await page.getByRole('group', { name: 'Pending requests' }).getByText('3.00 days').waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Adjust the balance' }).click();
      const dialog = page.getByRole('dialog', { name: 'Adjust the balance' });
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill('1.5');
      await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Worked the bank holiday');
      await dialog.getByRole('button', { name: 'Post the adjustment' }).click();
      await page.getByText('Adjustment posted.').waitFor();
      await page.getByRole('row').filter({ hasText: 'Worked the bank holiday' }).getByText('+1.50 days').waitFor();
      await page.getByRole('group', { name: 'Balance' }).getByText('7.50 days').waitFor();
      await screenshot(page, 'leave-balance-ledger');
    });
  });
});
