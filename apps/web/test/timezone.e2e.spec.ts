import { TZDate } from '@date-fns/tz';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { browserSuite, newTab, signedIn } from './test-support/browser.js';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Today's date (YYYY-MM-DD) on a wall clock in `zone`. */
function todayIn(zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The day `weekday` (0 Monday … 6 Sunday) of next week, on the company's calendar: always one "Next week" away. */
function nextWeekDay(zone: string, weekday: number): string {
  const today = todayIn(zone);
  const dow = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  return plusDays(today, 7 - dow + weekday);
}

/** The instant a wall clock in `zone` shows `hour`:00 on `day`, in UTC (a TZDate writes its own offset). */
function wall(day: string, hour: number, zone: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, zone).getTime()).toISOString();
}

function parts(day: string): { weekday: string; day: number; month: string } {
  const d = new Date(`${day}T12:00:00Z`);
  return { weekday: WEEKDAYS[d.getUTCDay()]!, day: d.getUTCDate(), month: MONTHS[d.getUTCMonth()]! };
}

/** The next 21 December (or 1 July) that is still to come, as a year. */
function comingYear(month: number, dayOfMonth: number): number {
  const now = new Date();
  const year = now.getUTCFullYear();
  return Date.UTC(year, month - 1, dayOfMonth) > now.getTime() + 86_400_000 ? year : year + 1;
}

/**
 * Issue 33: the console shows and takes every time in the company's zone, whatever the browser's,
 * says whose time it is when the two differ, writes it the company's way (24-hour in Europe), and
 * shows leave as the calendar days entered. Each case runs with the browser far from the company.
 */
describe('web console: times in the company’s zone, leave as dates (headless Chromium in another zone)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let owner: string;
  let manager: string;
  let staff: string;
  let ids: { staff: string; outlet: string };

  before(async () => {
    owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    manager = await suite.stack.tokenOf(suite.stack.email('OUTLET_MANAGER'));
    staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    const outlets = (await suite.stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner })).body;
    ids = { staff: users.find((u) => u.email === suite.stack.email('STAFF'))!.id, outlet: outlets.find((o) => o.code === 'CK-01')!.id };
  });

  async function companyIn(zone: string): Promise<void> {
    const res = await suite.stack.call('PATCH', '/tenant', { token: owner, body: { timezone: zone } });
    expect(res.status).to.equal(200);
  }

  async function shiftAt(day: string, zone: string): Promise<void> {
    const res = await suite.stack.call('POST', '/shift-assignments', { token: manager, body: { userId: ids.staff, outletId: ids.outlet, scheduledStart: wall(day, 9, zone), scheduledEnd: wall(day, 17, zone) } });
    expect(res.status).to.equal(201);
  }

  async function leave(startDate: string, endDate: string): Promise<void> {
    const res = await suite.stack.call('POST', '/leave-requests', { token: staff, body: { type: 'UNPAID', startDate, endDate } });
    expect(res.status).to.equal(201);
  }

  async function tab(role: 'TENANT_OWNER' | 'OUTLET_MANAGER' | 'STAFF', browserZone: string, locale: string, use: (page: Page) => Promise<void>): Promise<void> {
    const { context, page } = await newTab(suite.browser, suite.stack, { timezoneId: browserZone, locale });
    try {
      await signedIn(page, suite.stack, suite.stack.email(role));
      await use(page);
    } finally {
      await context.close();
    }
  }

  /** The week view shows the shift at the company's 09:00–17:00, says whose time, and a shift typed there is stored at that wall time. */
  async function weekView(page: Page, day: string, zone: string, note: string): Promise<void> {
    await page.goto('/schedule/shifts');
    await page.getByRole('button', { name: 'Next week' }).click();
    const target = page.locator(`[data-day="${day}"]`);
    await target.getByText('09:00–17:00', { exact: true }).waitFor();
    expect(await page.getByTestId('zone-note').textContent()).to.equal(`Times are ${note}`);
    await target.getByText('Demo Staff').click();
    const shift = page.getByRole('dialog', { name: 'Shift' });
    expect(await shift.getByLabel(/^Day/).inputValue()).to.equal(day);
    expect(await shift.getByLabel(/^From/).inputValue()).to.equal('09:00');
    expect(await shift.getByLabel(/^To/).inputValue()).to.equal('17:00');
    expect(await shift.getByTestId('zone-note').textContent()).to.equal(`Times are ${note}`);
    await page.keyboard.press('Escape');
    await shift.waitFor({ state: 'detached' });

    await target.getByRole('button', { name: /^Add a shift on/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New shift' });
    await dialog.getByRole('combobox', { name: /^Person/ }).click();
    await page.getByRole('option', { name: 'Demo Outlet Manager' }).click();
    await dialog.getByLabel(/^From/).fill('18:00');
    await dialog.getByLabel(/^To/).fill('22:00');
    await dialog.getByRole('button', { name: 'Add the shift' }).click();
    await target.getByText('18:00–22:00', { exact: true }).waitFor();
    const added = (await suite.stack.call<Array<{ scheduledStart: string; scheduledEnd: string }>>('GET', `/shift-assignments?outletId=${ids.outlet}&from=${wall(day, 0, zone)}&to=${wall(plusDays(day, 1), 0, zone)}`, { token: manager })).body;
    expect(added.map((s) => [s.scheduledStart, s.scheduledEnd])).to.deep.include([wall(day, 18, zone), wall(day, 22, zone)]);
  }

  /**
   * The company in `zone`, the browser in `browser`: the manager's week and leave list and the staff
   * member's shifts and leave read the company's wall times and days, the way the company writes them.
   */
  async function seenFrom(c: { zone: string; note: string; browser: string; locale: string; weekday: number; leave: [month: number, first: number, last: number]; span: (p: ReturnType<typeof parts>) => string; leaveText: (year: number) => string }): Promise<void> {
    await companyIn(c.zone);
    const day = nextWeekDay(c.zone, c.weekday);
    await shiftAt(day, c.zone);
    const [month, first, last] = c.leave;
    const year = comingYear(month, first);
    const mm = String(month).padStart(2, '0');
    await leave(`${year}-${mm}-${String(first).padStart(2, '0')}`, `${year}-${mm}-${String(last).padStart(2, '0')}`);

    await tab('OUTLET_MANAGER', c.browser, c.locale, async (page) => {
      await weekView(page, day, c.zone, c.note);
      await page.goto('/schedule/leave');
      await page.getByRole('cell', { name: c.leaveText(year), exact: true }).waitFor();
    });

    await tab('STAFF', c.browser, c.locale, async (page) => {
      await page.goto('/me/shifts');
      await page.getByRole('cell', { name: c.span(parts(day)), exact: true }).waitFor();
      expect(await page.getByTestId('zone-note').textContent()).to.equal(`Times are ${c.note}`);
      await page.goto('/me/leave');
      await page.getByRole('cell', { name: c.leaveText(year), exact: true }).waitFor();
    });
  }

  it('a Paris company seen from New York: 09:00–17:00 Paris time, 24-hour, leave 21–23 Dec as entered', () =>
    seenFrom({
      zone: 'Europe/Paris',
      note: 'Paris time',
      browser: 'America/New_York',
      locale: 'en-US',
      weekday: 2,
      leave: [12, 21, 23],
      span: (p) => `${p.weekday} ${p.day} ${p.month}, 09:00 – 17:00`,
      leaveText: (year) => `21 Dec ${year} – 23 Dec ${year}`,
    }));

  it('a New York company seen from Paris: 09:00–17:00 New York time, US style, leave 1–5 July as entered', () =>
    seenFrom({
      zone: 'America/New_York',
      note: 'New York time',
      browser: 'Europe/Paris',
      locale: 'en-GB',
      weekday: 3,
      leave: [7, 1, 5],
      span: (p) => `${p.weekday}, ${p.month} ${p.day}, 09:00 AM – 05:00 PM`,
      leaveText: (year) => `Jul 1, ${year} – Jul 5, ${year}`,
    }));

  it('an outlet in a zone of its own: set in the outlet form, its shifts read in it and named', async () => {
    const zone = 'Europe/Paris';
    await companyIn('Europe/London');
    await tab('TENANT_OWNER', 'America/New_York', 'en-US', async (page) => {
      await page.goto('/people/outlets');
      const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'CK-01', exact: true }) });
      await row.getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit outlet' });
      await dialog.getByLabel(/^Timezone/).fill(zone);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await row.getByRole('cell', { name: zone, exact: true }).waitFor();
    });
    const day = nextWeekDay(zone, 4);
    await shiftAt(day, zone);

    await tab('OUTLET_MANAGER', 'America/New_York', 'en-US', (page) => weekView(page, day, zone, 'Paris time'));
    await tab('STAFF', 'America/New_York', 'en-US', async (page) => {
      await page.goto('/me/shifts');
      const p = parts(day);
      await page.getByRole('cell', { name: `${p.weekday} ${p.day} ${p.month}, 09:00 – 17:00 (Paris time)`, exact: true }).waitFor();
      expect(await page.getByTestId('zone-note').textContent()).to.equal('Times are London time');
    });
    const back = await suite.stack.call('PATCH', `/outlets/${ids.outlet}`, { token: owner, body: { timezone: null } });
    expect(back.status).to.equal(200);
  });

  it('says nothing of the zone to a browser in the company’s own', async () => {
    await companyIn('Europe/Paris');
    await tab('STAFF', 'Europe/Paris', 'en-US', async (page) => {
      await page.goto('/me/shifts');
      await page.getByRole('heading', { name: 'My shifts' }).waitFor();
      expect(await page.getByTestId('zone-note').count()).to.equal(0);
    });
  });
});
