import { expect } from 'chai';
import { asRole, browserSuite, newTab, signedIn } from './test-support/browser.js';

describe('web console: payroll — pay settings, deductions, a run to paid, payslips (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let hr: string;
  let staffId: string;
  before(async () => {
    hr = await suite.stack.tokenOf(suite.stack.email('HR_MANAGER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: hr })).body;
    staffId = users.find((u) => u.email === suite.stack.email('STAFF'))!.id;
  });

  it('sets pay and a deduction, takes a run from draft to paid, and shows the staff member their payslip', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    // The page's own buttons: a confirmation dialog repeats their names ("Approve", "Mark as paid").
    const main = page.getByRole('main');
    let month = '';
    try {
      await signedIn(page, suite.stack, suite.stack.email('HR_MANAGER'));
      await page.goto('/payroll/pay-settings');
      await page.getByRole('combobox', { name: 'Person' }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await page.getByText('No pay settings yet').waitFor();
      await page.getByLabel(/^Rate per hour/).fill('12.50');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Pay settings saved').waitFor();
      const pay = await suite.stack.call('GET', `/users/${staffId}/pay`, { token: hr });
      expect(pay.body).to.include({ type: 'HOURLY', rateMinor: 1250, currency: 'GBP', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 });

      await page.goto('/payroll/deductions');
      await main.getByRole('button', { name: 'Add a deduction' }).click();
      const add = page.getByRole('dialog', { name: 'Add a deduction' });
      await add.getByLabel(/^Name/).fill('Tax withholding');
      await add.getByRole('textbox', { name: 'Percent' }).fill('20');
      await add.getByLabel(/^Account code/).fill('825');
      await add.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('cell', { name: '20 % of the gross' }).waitFor();
      const rules = await suite.stack.call<Array<{ name: string; basisPoints: number }>>('GET', '/payroll/deductions', { token: hr });
      expect(rules.body.map((r) => [r.name, r.basisPoints])).to.deep.equal([['Tax withholding', 2000]]);

      await page.goto('/payroll/runs');
      await main.getByRole('button', { name: 'New pay run' }).click();
      const dialog = page.getByRole('dialog', { name: 'New pay run' });
      month = await dialog.getByLabel(/^Month/).inputValue();
      await dialog.getByRole('button', { name: 'Compute the draft' }).click();
      await page.getByRole('heading', { name: `Pay run ${month}` }).waitFor();
      await page.getByText('Draft', { exact: true }).waitFor();
      // Everyone else of the tenant has no pay: the run names them instead of leaving them out unsaid.
      const draft = (await suite.stack.call<Array<{ periodYearMonth: string; leftOut: Array<{ fullName: string }> }>>('GET', '/payroll/runs', { token: hr })).body.find((r) => r.periodYearMonth === month)!;
      const notPaid = main.getByRole('list', { name: 'People not paid by this run' });
      expect(await notPaid.getByRole('link').allTextContents()).to.deep.equal(draft.leftOut.map((p) => p.fullName));
      expect(draft.leftOut.map((p) => p.fullName)).to.include('Demo Area Manager').and.not.include('Demo Staff');
      await main.getByRole('button', { name: 'Demo Staff' }).click();
      await main.getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve this pay run?' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved: the run is final.').waitFor();
      await page.getByRole('tab', { name: 'Journal' }).click();
      await page.getByRole('columnheader', { name: 'Debit' }).waitFor();
      const csv = page.waitForEvent('download');
      await main.getByRole('button', { name: 'Journal (CSV)' }).click();
      expect((await csv).suggestedFilename()).to.equal(`journal-${month}.csv`);
      await main.getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByRole('dialog', { name: 'Mark this pay run as paid?' }).getByRole('button', { name: 'Mark as paid' }).click();
      await page.getByText('Marked as paid.').waitFor();
      const runs = await suite.stack.call<Array<{ periodYearMonth: string; status: string }>>('GET', '/payroll/runs', { token: hr });
      expect(runs.body.find((r) => r.periodYearMonth === month)?.status).to.equal('PAID');
    } finally {
      await context.close();
    }
    await asRole(suite, 'STAFF', async (staff) => {
      await staff.page.goto('/payroll/payslips');
      const row = staff.page.getByRole('row').filter({ hasText: month });
      await row.waitFor();
      const pdf = staff.page.waitForEvent('download');
      await row.getByRole('button', { name: 'PDF' }).click();
      const file = await pdf;
      expect(file.suggestedFilename()).to.equal(`payslip-${month}.pdf`);
      const bytes = await import('node:fs/promises').then((fs) => file.path().then((p) => fs.readFile(p)));
      expect(bytes.subarray(0, 5).toString()).to.equal('%PDF-');
      // Their own pay and the tenant's runs are not theirs to open.
      await staff.page.goto('/payroll/runs');
      await staff.page.getByText('Not available to you').waitFor();
    });
  });
});
