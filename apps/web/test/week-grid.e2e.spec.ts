import { TZDate } from '@date-fns/tz';
import { expect } from 'chai';
import type { Locator, Page } from 'playwright-core';
import { newTab, signedIn, browserSuite } from './test-support/browser.js';

/** The outlet is in New York whatever the company's zone and the browser's: the grid reads its days and times there. */
const OUTLET_ZONE = 'America/New_York';
const PEOPLE = [1, 2, 3, 4, 5].map((n) => `Grid Cook ${n}`);

/** YYYY-MM-DD of next week's Monday in the outlet's zone. */
function nextMonday(): string {
  const d = new TZDate(Date.now(), OUTLET_ZONE);
  d.setDate(d.getDate() - ((d.getDay() + 6) % 7) + 7);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The instant the outlet's wall clock shows `hour`:00 on the `offset`-th day from `monday`. */
function outletInstant(monday: string, offset: number, hour: number): string {
  const [y, m, d] = monday.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d + offset, hour, 0, OUTLET_ZONE).getTime()).toISOString();
}

/** A drag as a person makes it: press, move past the activation distance, move onto the target, release once it shows the target lit. */
async function drag(page: Page, from: Locator, to: Locator, modifier?: 'Alt'): Promise<void> {
  await to.scrollIntoViewIfNeeded();
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 + 12, { steps: 3 });
  await from.and(page.locator('[data-dragging]')).waitFor();
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  // The grid measures its cells once a drag starts; on a loaded machine a release before that lands nowhere.
  await to.and(page.locator('[data-over]')).waitFor();
  await page.mouse.up();
  if (modifier) await page.keyboard.up(modifier);
}

describe('web console: the week planner — templates, drag, publish (headless Chromium)', function () {
  this.timeout(240_000);
  const suite = browserSuite();
  let owner: string;
  let outletId: string;
  const userIds: string[] = [];

  before(async () => {
    owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    outletId = (await suite.stack.call<{ id: string }>('POST', '/outlets', { token: owner, body: { name: 'Grid Bistro', code: 'GRID-01', city: 'New York', timezone: OUTLET_ZONE } })).body.id;
    for (const [i, fullName] of PEOPLE.entries()) {
      const user = await suite.stack.call<{ id: string }>('POST', '/users', { token: owner, body: { fullName, email: `grid-cook-${i + 1}@grid.test`, role: 'STAFF' } });
      expect(user.status, JSON.stringify(user.body)).to.equal(201);
      userIds.push(user.body.id);
      await suite.stack.call('PUT', `/users/${user.body.id}/outlets`, { token: owner, body: { outletIds: [outletId] } });
    }
  });

  it('builds a week of 20 shifts for 5 people from templates by dragging, and publishes it after a summary', async () => {
    const monday = nextMonday();
    const { context, page } = await newTab(suite.browser, suite.stack, { width: 1600, height: 1000 });
    try {
      await signedIn(page, suite.stack, suite.stack.email('OPERATIONS_MANAGER'));
      await page.goto('/rota/week');
      await page.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Grid Bistro' }).click();
      await page.getByRole('button', { name: 'Next week' }).click();
      // Only the outlet's staff are rows: the company's owner and managers are not.
      await page.getByRole('rowheader', { name: 'Grid Cook 5' }).waitFor();
      expect(await page.getByRole('rowheader').count()).to.equal(6);

      await page.getByRole('button', { name: 'Shift templates' }).click();
      const templates = page.getByRole('dialog', { name: 'Shift templates' });
      for (const [name, start, end] of [
        ['Morning', '07:00', '15:00'],
        ['Evening', '15:00', '23:00'],
      ] as const) {
        await templates.getByLabel(/^Name/).fill(name);
        await templates.getByLabel(/^Start/).fill(start);
        await templates.getByLabel(/^End/).fill(end);
        await templates.getByRole('button', { name: 'Add template' }).click();
        await templates.getByRole('cell', { name, exact: true }).waitFor();
      }
      await page.keyboard.press('Escape');
      await templates.waitFor({ state: 'hidden' });

      // Three cooks on mornings, two on evenings, Monday to Thursday: 20 drops.
      for (const [i, person] of PEOPLE.entries()) {
        const chip = page.getByLabel(i < 3 ? 'Template Morning' : 'Template Evening', { exact: true });
        for (let day = 0; day < 4; day++) {
          const cell = page.getByLabel(new RegExp(`^${person}, `)).nth(day);
          await drag(page, chip, cell);
          await cell.getByLabel(new RegExp(`^Shift of ${person} `)).waitFor();
        }
      }
      // Move the first cook's Thursday to Friday; copy the last cook's Thursday to Saturday with Alt, then take the copy away.
      const thursday = page.getByLabel(/^Grid Cook 1, /).nth(3).getByLabel(/^Shift of Grid Cook 1 /);
      await drag(page, thursday, page.getByLabel(/^Grid Cook 1, /).nth(4));
      await page.getByLabel(/^Grid Cook 1, /).nth(4).getByLabel(/^Shift of Grid Cook 1 /).waitFor();
      await thursday.waitFor({ state: 'detached' });
      await drag(page, page.getByLabel(/^Grid Cook 5, /).nth(3).getByLabel(/^Shift of Grid Cook 5 /), page.getByLabel(/^Grid Cook 5, /).nth(5), 'Alt');
      await page.getByLabel(/^Grid Cook 5, /).nth(5).getByLabel(/^Shift of Grid Cook 5 /).waitFor();
      expect(await page.getByLabel(/^Grid Cook 5, /).nth(3).getByLabel(/^Shift of Grid Cook 5 /).count()).to.equal(1);
      await page.getByLabel(/^Grid Cook 5, /).nth(5).getByRole('button', { name: /^Remove the shift of Grid Cook 5/ }).click();

      // Totals follow the plan: 20 shifts of 8 hours.
      await page.getByLabel('Total of the week').getByText('160 h', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Publish 20 changes' }).click();
      const summary = page.getByRole('dialog', { name: 'Publish the week' });
      for (const person of PEOPLE) expect(await summary.getByRole('group', { name: person }).getByText(/^New: /).count()).to.equal(4);
      await summary.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByText('The week is published.').waitFor();
      await page.getByRole('button', { name: /^Publish \d+ change/ }).and(page.locator('[disabled]')).waitFor();
    } finally {
      await context.close();
    }

    const week = await suite.stack.call<{ shifts: Array<{ userId: string; scheduledStart: string; scheduledEnd: string; status: string }> }>('GET', `/scheduler/week?outletId=${outletId}&weekStart=${monday}`, { token: owner });
    const got = week.body.shifts.map((s) => `${userIds.indexOf(s.userId)} ${s.scheduledStart} ${s.scheduledEnd} ${s.status}`).sort();
    const expected = userIds
      .flatMap((_, i) =>
        (i === 0 ? [0, 1, 2, 4] : [0, 1, 2, 3]).map((day) => {
          const [from, to] = i < 3 ? [7, 15] : [15, 23];
          return `${i} ${outletInstant(monday, day, from)} ${outletInstant(monday, day, to)} SCHEDULED`;
        }),
      )
      .sort();
    expect(got).to.deep.equal(expected);
  });
});
