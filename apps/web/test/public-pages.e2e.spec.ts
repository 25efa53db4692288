import { expect } from 'chai';
import { browserSuite, newTab } from './test-support/browser.js';

/** A one-page PDF small enough to write by hand: what the résumé check recognises by its bytes. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

describe('web console: pages for outsiders — careers and the sales enquiry (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('shows the open positions in the company colours, and takes an application with its résumé', async () => {
    const hr = await suite.stack.tokenOf(suite.stack.email('HR_MANAGER'));
    await suite.stack.call('PATCH', '/branding', { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')), body: { primaryColor: '#0B7285' } });
    const job = await suite.stack.call('POST', '/recruiting/jobs', {
      token: hr,
      body: { title: 'Line Cook', slug: 'line-cook', description: 'Prep and grill on the lunch line.\nWeekends.', employmentType: 'PART_TIME', location: 'London', status: 'OPEN' },
    });
    expect(job.status, JSON.stringify(job.body)).to.equal(201);
    await suite.stack.call('POST', '/recruiting/jobs', { token: hr, body: { title: 'Secret Plan', slug: 'secret-plan', description: 'Not yet.', employmentType: 'FULL_TIME' } });
    const { context, page, foreignRequests } = await newTab(suite.browser, suite.stack, { width: 390, height: 844 });
    try {
      await page.goto(`/careers/${suite.stack.tenant.slug}`);
      await page.getByText('Careers at Demo Company').waitFor();
      expect(await page.getByRole('link', { name: 'Secret Plan' }).count()).to.equal(0);
      await page.getByRole('link', { name: 'Line Cook' }).click();
      await page.getByRole('heading', { name: 'Line Cook' }).waitFor();
      await page.getByText('Weekends.').waitFor();
      await page.getByLabel(/^Full name/).fill('Sam Applicant');
      await page.getByLabel(/^Email/).fill('sam@applicant.example');
      await page.getByLabel(/^Cover letter/).fill('I love a busy lunch service.');
      await page.locator('input[type=file]').setInputFiles({ name: 'sam.pdf', mimeType: 'application/pdf', buffer: PDF });
      await page.getByRole('button', { name: 'Send my application' }).click();
      await page.getByText('We have your application').waitFor();
      const apps = await suite.stack.call<Array<{ fullName: string; email: string; resume: unknown }>>('GET', '/recruiting/applications', { token: hr });
      const sam = apps.body.find((a) => a.email === 'sam@applicant.example');
      expect(sam, JSON.stringify(apps.body)).to.include({ fullName: 'Sam Applicant' });
      expect(sam!.resume).to.not.equal(null);
      await page.goto(`/careers/${suite.stack.tenant.slug}/no-such-job`);
      await page.getByText('This position is not open any more').waitFor();
      await page.goto('/careers/no-such-company');
      await page.getByText('There is no careers page at this address.').waitFor();
      expect(foreignRequests).to.deep.equal([]);
    } finally {
      await context.close();
    }
    const french = await newTab(suite.browser, suite.stack, { locale: 'fr-FR' });
    try {
      await french.page.goto(`/careers/${suite.stack.tenant.slug}`);
      await french.page.getByText('Carrières chez Demo Company', { exact: true }).waitFor();
      await french.page.getByRole('heading', { name: 'Postes ouverts', exact: true }).waitFor();
      await french.page.getByRole('link', { name: 'Line Cook' }).click();
      await french.page.getByText('Temps partiel', { exact: true }).waitFor();
      await french.page.getByRole('heading', { name: 'Postuler', exact: true }).waitFor();
      await french.page.getByLabel(/^Lettre de motivation/).waitFor();
      await french.page.getByRole('button', { name: 'Envoyer ma candidature' }).waitFor();
      await french.page.goto('/careers/no-such-company');
      await french.page.getByText('Il n’y a pas de page carrières à cette adresse.').waitFor();
    } finally {
      await french.context.close();
    }
  });

  it('takes a sales enquiry from the sign-in page, and drops one whose hidden field a bot filled', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Talk to sales' }).click();
      await page.getByLabel(/^Your name/).fill('Ann Buyer');
      await page.getByLabel(/^Work email/).fill('ann@prospect.example');
      await page.getByLabel(/^Company/).fill('Prospect Foods');
      await page.getByLabel(/^Message/).fill('A demo, please.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('your enquiry is with our team').waitFor();
      await page.goto('/contact');
      await page.getByLabel(/^Your name/).fill('Bot');
      await page.getByLabel(/^Work email/).fill('bot@spam.example');
      await page.getByLabel(/^Company/).fill('Spam');
      await page.locator('input[name=website]').fill('http://spam.example', { force: true });
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('your enquiry is with our team').waitFor();
      const leads = await suite.stack.call<{ data: Array<{ email: string }> }>('GET', '/platform/leads?limit=20', { token: await suite.stack.platformToken() });
      expect(leads.body.data.map((l) => l.email)).to.deep.equal(['ann@prospect.example']);
    } finally {
      await context.close();
    }
  });
});
