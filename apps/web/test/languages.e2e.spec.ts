import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { browserSuite, newTab, signedIn } from './test-support/browser.js';

/**
 * Issue 33, languages: a person's language is the console's words, the company's locale its dates
 * and amounts. A French-speaking owner of a French company reads both in French; a colleague who
 * chose nothing reads the company's default language (English here) with the same French formats;
 * a signed-out browser reads the first of its languages the console has.
 */
describe('languages: a French speaker, a French company (browser)', function () {
  const suite = browserSuite();

  before(async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    expect((await suite.stack.call('PATCH', '/tenant', { token: owner, body: { timezone: 'Europe/Paris', locale: 'fr-FR' } })).status).to.equal(200);
    expect((await suite.stack.call('PATCH', '/me/locale', { token: owner, body: { language: 'fr' } })).status).to.equal(200);
  });

  it('speaks French in the navigation, the dashboard and the language page, and writes a date and an amount the French way', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack, { locale: 'en-GB' });
    try {
      await signedIn(page, suite.stack, suite.stack.email('TENANT_OWNER'));
      await page.goto('/');
      await page.getByRole('heading', { name: 'Tableau de bord', exact: true }).waitFor();
      expect(await page.title()).to.equal('Tableau de bord · Workforce Platform');
      expect(await page.locator('html').getAttribute('lang')).to.equal('fr');
      const nav = page.getByRole('navigation', { name: 'Principale' });
      await nav.getByText('Mon compte', { exact: true }).waitFor();
      await nav.getByRole('link', { name: 'Langue', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Se déconnecter', exact: true }).waitFor();
      await page.getByRole('region', { name: 'Postes du jour' }).getByText('postes aujourd’hui', { exact: true }).waitFor();
      expect(await page.getByTestId('signed-in-as').textContent()).to.match(/ · propriétaire$/);

      await nav.getByRole('link', { name: 'Langue', exact: true }).click();
      await page.getByRole('heading', { name: 'Langue', exact: true }).waitFor();
      // 2 December 2026 08:00 UTC is 09:00 in Paris; fr-FR writes a narrow no-break space before €, a no-break one between thousands.
      expect(await page.getByTestId('locale-sample').textContent()).to.equal('Votre entreprise écrit les dates et montants en fr-FR : mer. 2 déc., 09:00, 1\u202f234,56\u00a0€.');

      // A bare 404 is said in French, then the API's own words name what was not found.
      await page.goto(`/training/${randomUUID()}`);
      await page.getByRole('alert').getByText('Introuvable : cet élément n’existe pas ou a été supprimé. (Course not found)', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("reads the company's default language to a colleague who chose none, in the company's formats, and switches when they choose", async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signedIn(page, suite.stack, suite.stack.email('STAFF'));
      await page.goto('/account/language');
      await page.getByRole('heading', { name: 'Language', exact: true }).waitFor();
      expect(await page.getByTestId('locale-sample').textContent()).to.equal('Your company writes dates and amounts in fr-FR: mer. 2 déc., 09:00, 1\u202f234,56\u00a0€.');
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Français', exact: true }).click();
      await page.getByRole('heading', { name: 'Langue', exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Principale' }).getByRole('link', { name: 'Mes postes', exact: true }).waitFor();
    } finally {
      await context.close();
    }
    const staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    expect((await suite.stack.call('GET', '/me/locale', { token: staff })).body).to.include({ language: 'fr', ownLanguage: 'fr', tenantLanguage: 'en' });
  });

  it("speaks the browser's language before sign-in, among those the console has", async () => {
    const french = await newTab(suite.browser, suite.stack, { locale: 'fr-BE' });
    try {
      await french.page.goto('/sign-in');
      await french.page.getByRole('heading', { name: 'Connexion', exact: true }).waitFor();
      await french.page.getByRole('button', { name: 'Se connecter', exact: true }).waitFor();
    } finally {
      await french.context.close();
    }
    const german = await newTab(suite.browser, suite.stack, { locale: 'de-DE' });
    try {
      await german.page.goto('/sign-in');
      await german.page.getByRole('heading', { name: 'Sign in', exact: true }).waitFor();
    } finally {
      await german.context.close();
    }
  });
});
