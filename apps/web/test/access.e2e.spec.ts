import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: door access — zones and hours, grants, reader keys, the live audit log (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('creates a zone with an overnight window, drawn on its night and the next morning, and saved as the API defines it', async () => {
    await asRole(suite, 'AREA_MANAGER', async ({ page }) => {
      await page.goto('/access/zones');
      await page.getByRole('main').getByRole('button', { name: 'New zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'New zone' });
      await dialog.getByLabel(/^Name/).fill('Bar store');
      await dialog.getByRole('combobox', { name: /^Reader ids/ }).fill('bar-store-1');
      await dialog.getByRole('combobox', { name: /^Reader ids/ }).press('Enter');
      await dialog.getByRole('switch', { name: 'Open 24/7' }).click();
      await dialog.getByRole('button', { name: 'Add a window on Friday' }).click();
      await dialog.getByLabel('Friday window 1 opens').fill('22:00');
      await dialog.getByLabel('Friday window 1 closes').fill('06:00');
      await dialog.getByText('until 06:00 on Saturday').waitFor();
      // The same time twice is refused before it reaches the API.
      await dialog.getByRole('button', { name: 'Add a window on Monday' }).click();
      await dialog.getByLabel('Monday window 1 opens').fill('09:00');
      await dialog.getByLabel('Monday window 1 closes').fill('09:00');
      await dialog.getByText('A window cannot start and end at the same time').waitFor();
      expect(await dialog.getByRole('button', { name: 'Create the zone' }).isDisabled()).to.equal(true);
      await dialog.getByRole('button', { name: 'Remove Monday window 1' }).click();
      await dialog.getByRole('button', { name: 'Create the zone' }).click();
      await page.getByRole('heading', { name: 'Bar store' }).waitFor();
      // Friday night from 22:00 to midnight, Saturday morning from midnight to 06:00.
      await page.locator('[data-day=FRI] [data-segment="1320-1440"]').waitFor();
      await page.locator('[data-day=SAT] [data-segment="0-360"][data-carried]').waitFor();
      const zoneId = page.url().split('/').pop()!;
      const zone = await suite.stack.call('GET', `/access/zones/${zoneId}`, { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')) });
      expect(zone.body).to.deep.include({ name: 'Bar store', readerIds: ['bar-store-1'], hoursJson: { FRI: [['22:00', '06:00']] }, active: true });
    });
  });

  it('grants access in the page, mints a reader key shown once, and shows taps arrive live in the audit log, denied after a revoke', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const zone = await suite.stack.call<{ id: string }>('POST', '/access/zones', { token: owner, body: { name: 'Cellar', readerIds: ['cellar-1'] } });
    expect(zone.status).to.equal(201);
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/access/grants');
      await page.getByRole('main').getByRole('button', { name: 'Grant access' }).click();
      const dialog = page.getByRole('dialog', { name: 'Grant access' });
      await dialog.getByRole('combobox', { name: /^People/ }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      // A multi-select stays open for more choices: Escape closes it.
      await dialog.getByRole('combobox', { name: /^People/ }).press('Escape');
      await dialog.getByRole('combobox', { name: /^Zones/ }).click();
      await page.getByRole('option', { name: 'Cellar' }).click();
      await dialog.getByRole('combobox', { name: /^Zones/ }).press('Escape');
      await dialog.getByRole('button', { name: 'Grant access' }).click();
      await page.getByText('Access granted.').waitFor();
      await page.getByRole('row').filter({ hasText: 'Cellar' }).filter({ hasText: 'Demo Staff' }).waitFor();

      await page.goto('/access/reader-keys');
      await page.getByRole('main').getByRole('button', { name: 'New reader key' }).click();
      const minting = page.getByRole('dialog', { name: 'New reader key' });
      await minting.getByLabel(/^Name/).fill('Cellar bridge');
      await minting.getByRole('button', { name: 'Create the key' }).click();
      const key = (await minting.getByTestId('secret-value').textContent())!;
      expect(key).to.match(/^mk_/);
      await minting.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      await page.getByRole('cell', { name: 'Cellar bridge' }).waitFor();
      expect(await page.getByText(key).count()).to.equal(0);

      await page.goto('/access/audit');
      await page.getByRole('switch', { name: 'Live' }).waitFor();
      const credential = await suite.stack.call<{ credentialId: string }>('POST', '/access/credential', { token: await suite.stack.tokenOf(suite.stack.email('STAFF')) });
      const tap = () => suite.stack.call<{ decision: string }>('POST', '/access/verify', { headers: { authorization: `Bearer ${key}` }, body: { credentialId: credential.body.credentialId, readerId: 'cellar-1', source: 'BROWSER_TEST' } });
      expect((await tap()).body.decision).to.equal('GRANT');
      const granted = page.getByRole('row').filter({ hasText: 'Cellar' }).filter({ hasText: 'Granted' });
      await granted.waitFor();
      expect(await granted.getByText('Demo Staff').count()).to.equal(1);

      await page.goto('/access/grants');
      await page.getByRole('main').getByRole('row').filter({ hasText: 'Cellar' }).getByRole('button', { name: 'Revoke' }).click();
      const revoking = page.getByRole('dialog', { name: 'Revoke this grant?' });
      await revoking.getByLabel(/^Reason/).fill('Left the bar team');
      await revoking.getByRole('button', { name: 'Revoke' }).click();
      await revoking.waitFor({ state: 'detached' });
      await page.goto('/access/audit');
      await page.getByRole('row').filter({ hasText: 'Granted' }).first().waitFor();
      expect((await tap()).body.decision).to.equal('DENY');
      await page.getByRole('row').filter({ hasText: 'Cellar' }).filter({ hasText: 'Denied' }).waitFor();
      await page.getByRole('row').filter({ hasText: 'Left the bar team' }).waitFor();
    });
  });

  it('shows readers online after a heartbeat, one offline since its last, removes a retired one, and an outlet manager zones without the buttons that change them', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const key = await suite.stack.call<{ key: string }>('POST', '/access/api-keys', { token: owner, body: { name: 'Front' } });
    for (const readerId of ['front-door-9', 'retired-door-1']) {
      expect((await suite.stack.call('POST', '/access/reader-heartbeat', { headers: { authorization: `Bearer ${key.body.key}` }, body: { readerId, firmwareVersion: '1.2.3', ipAddress: '10.1.1.9' } })).status).to.equal(200);
    }
    // Its last heartbeat an hour ago: offline.
    await suite.stack.db.dataSource.query(`UPDATE access_readers SET last_seen_at = now() - interval '1 hour' WHERE reader_id = 'retired-door-1' AND tenant_id = $1`, [suite.stack.tenant.id]);
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/access/readers');
      const main = page.getByRole('main');
      const row = main.getByRole('row').filter({ hasText: 'front-door-9' });
      await row.getByText('Online').waitFor();
      expect(await row.getByText('1.2.3').count()).to.equal(1);
      const retired = main.getByRole('row').filter({ hasText: 'retired-door-1' });
      await retired.getByText('Offline').waitFor();
      await retired.getByText(/^since /).waitFor();
      await retired.getByRole('button', { name: 'Remove reader retired-door-1' }).click();
      await page.getByRole('dialog', { name: 'Remove reader retired-door-1?' }).getByRole('button', { name: 'Remove the reader' }).click();
      await retired.waitFor({ state: 'detached' });
      const left = await suite.stack.call<Array<{ readerId: string }>>('GET', '/access/readers', { token: owner });
      expect(left.body.map((r) => r.readerId)).to.include('front-door-9').and.not.to.include('retired-door-1');
    });
    await asRole(suite, 'OUTLET_MANAGER', async (om) => {
      await om.page.goto('/access/zones');
      await om.page.getByRole('heading', { name: 'Zones' }).waitFor();
      expect(await om.page.getByRole('button', { name: 'New zone' }).count()).to.equal(0);
      await om.page.goto('/access/grants');
      await om.page.getByText('Not available to you').waitFor();
    });
  });
});
