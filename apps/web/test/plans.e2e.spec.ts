import { expect } from 'chai';
import { browserSuite, freeCompany, newTab, signedIn } from './test-support/browser.js';

/** Entries a FREE plan has no use for: door access, visitors, the developer API, webhooks, single sign-on. */
const GATED_ENTRIES = ['Zones', 'Grants', 'Readers', 'Reader keys', 'Audit log', 'Who is where', 'Visitor passes', 'My door credential', 'API keys', 'OAuth clients', 'Webhooks', 'Single sign-on'];

describe('web console: a FREE company’s dashboard, its plan page and an upgrade request (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let company: Awaited<ReturnType<typeof freeCompany>>;
  before(async () => {
    company = await freeCompany(suite.stack, 'plans');
  });

  it('lands on a dashboard without an error, offers nothing the plan lacks, and takes an upgrade request the operator sees', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      const refused: string[] = [];
      page.on('response', (r) => {
        if (new URL(r.url()).pathname.startsWith('/api/v1/') && (r.status() === 402 || r.status() === 403)) refused.push(`${r.status()} ${new URL(r.url()).pathname}`);
      });
      await signedIn(page, suite.stack, company.owner.email, company.owner.password);
      await page.goto('/');
      const nav = page.getByRole('navigation', { name: 'Main' });
      // The plan's entry is drawn once GET /tenant/plan has answered, and with it what the dashboard shows.
      await nav.getByRole('link', { name: 'Plan', exact: true }).waitFor();
      await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
      await page.getByTestId('count-pending').waitFor();
      await page.getByTestId('count-clocked in').waitFor();
      await page.getByTestId('count-shifts today').waitFor();
      expect(await page.getByRole('region', { name: 'Doors in the last hour' }).count()).to.equal(0);
      expect(await page.getByRole('region', { name: 'Webhook failures' }).count()).to.equal(0);
      expect(await page.getByText('Something went wrong').count()).to.equal(0);
      const entries = await nav.getByRole('link').allTextContents();
      expect(entries.filter((e) => GATED_ENTRIES.includes(e))).to.deep.equal([]);
      expect(await nav.getByText('Door access').count()).to.equal(0);
      expect(await nav.getByText('Developers').count()).to.equal(0);

      await nav.getByRole('link', { name: 'Plan', exact: true }).click();
      await page.getByRole('heading', { name: 'Plan' }).waitFor();
      expect(await page.getByText('Your company is on the FREE plan.').count()).to.equal(1);
      const accessRow = page.getByRole('row', { name: /^Access control/ });
      expect(await accessRow.getByRole('cell').allTextContents()).to.deep.equal(['—', '—', 'Included', 'Included']);
      await page.getByRole('combobox', { name: /^Plan wanted/ }).click();
      await page.getByRole('option', { name: 'GROWTH' }).click();
      await page.getByRole('textbox', { name: 'Message for the platform operator' }).fill('We are fitting door readers next month.');
      await page.getByRole('button', { name: 'Request the upgrade' }).click();
      await page.getByText('Fay Free asked for the GROWTH plan on').waitFor();
      expect(await page.getByRole('button', { name: 'Request the upgrade' }).count()).to.equal(0);

      const operator = { authorization: `Bearer ${await suite.stack.platformToken()}` };
      const listed = await suite.stack.call<{ data: Array<Record<string, unknown>> }>('GET', '/platform/plan-requests?status=PENDING&limit=200', { headers: operator });
      expect(listed.body.data.filter((r) => r.tenantId === company.tenantId).map(({ plan, currentPlan, message, tenantName }) => ({ plan, currentPlan, message, tenantName }))).to.deep.equal([
        { plan: 'GROWTH', currentPlan: 'FREE', message: 'We are fitting door readers next month.', tenantName: 'Free plans Ltd' },
      ]);
      expect(refused).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('answers a direct visit to a page the plan lacks with one line and the way to the plan page', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signedIn(page, suite.stack, company.owner.email, company.owner.password);
      for (const [path, line] of [
        ['/access/zones', 'Your FREE plan does not include access control. See your plan.'],
        ['/developers/webhooks', 'Your FREE plan does not include webhooks. See your plan.'],
        ['/developers/api-keys', 'Your FREE plan does not include the developer API. See your plan.'],
      ] as const) {
        await page.goto(path);
        const main = page.getByRole('main');
        await main.getByText(line).waitFor();
        expect(await main.getByRole('heading').count(), path).to.equal(0);
      }
      await page.getByRole('main').getByRole('link', { name: 'See your plan.' }).click();
      await page.getByRole('heading', { name: 'Plan' }).waitFor();
      expect(new URL(page.url()).pathname).to.equal('/admin/billing');
    } finally {
      await context.close();
    }
  });
});
