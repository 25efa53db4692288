import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import type { Role } from '@wfm/core/tenancy';
import { createDataSource } from '@wfm/db/data-source';
import { launchChromium } from '@wfm/testing/chromium';
import { newTab, signIn } from '../test-support/browser.js';
import { demoEmail, startStack, type Stack } from '../test-support/stack.js';
import { seedShowcase, type Showcase } from './showcase.js';

/**
 * `npm run screenshots`: the main pages of the console, as a newcomer sees them after a little use,
 * written to docs/screenshots/ for the README. It starts `npm start`'s launcher on a database of its
 * own (DATABASE_URL's server, created and dropped here), fills the demo tenant through the API,
 * and drives Debian's Chromium.
 */
const OUT = resolve(process.env.SCREENSHOTS_DIR ?? 'docs/screenshots');

interface Shot {
  name: string;
  path: string | ((s: Showcase) => string);
  as: Role | '';
  /** Shown once this text is on the page. */
  waitFor: string;
  width?: number;
  height?: number;
}

const SHOTS: Shot[] = [
  { name: 'sign-in', path: '/sign-in', as: '', waitFor: 'Sign in' },
  { name: 'dashboard', path: '/', as: 'TENANT_OWNER', waitFor: 'Dashboard' },
  { name: 'users', path: '/people/users', as: 'TENANT_OWNER', waitFor: 'Priya Shah' },
  { name: 'shifts-week', path: '/schedule/shifts', as: 'OUTLET_MANAGER', waitFor: 'Shifts' },
  { name: 'leave', path: '/schedule/leave', as: 'HR_MANAGER', waitFor: 'Family visit' },
  { name: 'rosters', path: '/rota/rosters', as: 'AREA_MANAGER', waitFor: 'Published' },
  { name: 'week-planner', path: '/rota/week', as: 'OUTLET_MANAGER', waitFor: 'Week planner' },
  { name: 'reports-timesheets', path: '/reports/timesheets', as: 'AREA_MANAGER', waitFor: 'Timesheets' },
  { name: 'zones', path: '/access/zones', as: 'TENANT_OWNER', waitFor: 'Kitchen back door' },
  { name: 'zone-hours', path: (s) => `/access/zones/${s.zoneId}`, as: 'TENANT_OWNER', waitFor: 'Opening hours' },
  { name: 'grants', path: '/access/grants', as: 'TENANT_OWNER', waitFor: 'Kitchen back door' },
  { name: 'audit-live', path: '/access/audit', as: 'TENANT_OWNER', waitFor: 'Granted' },
  { name: 'readers', path: '/access/readers', as: 'TENANT_OWNER', waitFor: 'kitchen-door-1' },
  { name: 'operations-guides', path: '/operations/guides', as: 'OPERATIONS_MANAGER', waitFor: 'Fridge not cooling' },
  { name: 'visitor-passes', path: '/access/visitors', as: 'TENANT_OWNER', waitFor: 'Alex from Fresh Produce Ltd' },
  { name: 'webhook-deliveries', path: (s) => `/developers/webhooks/${s.webhookId}`, as: 'TENANT_OWNER', waitFor: 'user.created' },
  { name: 'pay-runs', path: '/payroll/runs', as: 'HR_MANAGER', waitFor: 'Draft' },
  { name: 'course', path: (s) => `/training/${s.courseId}`, as: 'AREA_MANAGER', waitFor: 'Demo Staff' },
  { name: 'offboarding', path: (s) => `/hr/offboarding/${s.offboardingId}`, as: 'HR_MANAGER', waitFor: 'Net settlement' },
  { name: 'automations', path: '/operations/automations', as: 'OPERATIONS_MANAGER', waitFor: 'Cold chain at Central Kitchen' },
  { name: 'maintenance-calendar', path: '/operations/maintenance', as: 'OPERATIONS_MANAGER', waitFor: 'Quarterly deep clean' },
  { name: 'work-orders', path: '/operations/work-orders', as: 'OPERATIONS_MANAGER', waitFor: 'Replace the door seal' },
  { name: 'sso-connection', path: (s) => `/settings/sso/${s.ssoConnectionId}`, as: 'TENANT_OWNER', waitFor: 'Awaiting its TXT record' },
  { name: 'operations-assets', path: '/operations/assets', as: 'OPERATIONS_MANAGER', waitFor: 'Walk-in fridge' },
  { name: 'staff-home-phone', path: '/', as: 'STAFF', waitFor: 'My next shifts', width: 390, height: 844 },
  { name: 'notifications-phone', path: '/notifications', as: 'STAFF', waitFor: 'Notification centre', width: 390, height: 844 },
  { name: 'staff-door-credential-phone', path: '/me/door', as: 'STAFF', waitFor: 'door credential', width: 390, height: 844 },
  { name: 'checklists-today-phone', path: '/operations/checklists/today', as: 'STAFF', waitFor: 'Walk-in fridge temperature', width: 390, height: 844 },
  { name: 'careers-phone', path: '/careers/demo', as: '', waitFor: 'Careers at Demo Company', width: 390, height: 844 },
  { name: 'kiosk-tablet', path: '/kiosk', as: '', waitFor: 'Set up this kiosk', width: 820, height: 1180 },
];

async function database(serverUrl: string) {
  const name = `wfm_screenshots_${process.pid}`;
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataSource = createDataSource({ url: url.toString(), poolSize: 2 });
  // The stack reads the demo tenant through it once the launcher has migrated the database.
  await dataSource.initialize();
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      if (dataSource.isInitialized) await dataSource.destroy();
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const db = await database(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  let stack: Stack | undefined;
  const browser = await launchChromium();
  try {
    stack = await startStack({}, db);
    const showcase = await seedShowcase(stack);
    for (const shot of SHOTS) {
      const { context, page } = await newTab(browser, stack, { width: shot.width ?? 1280, height: shot.height ?? 800 });
      try {
        if (shot.as) await signIn(page, demoEmail(shot.as));
        await page.goto(typeof shot.path === 'string' ? shot.path : shot.path(showcase));
        await page.getByText(shot.waitFor).first().waitFor();
        // Live views keep asking (the audit log every 2 s), so there is no idle network to wait
        // for: the other lists of the page are given a moment to answer.
        await page.waitForTimeout(700);
        await page.screenshot({ path: `${OUT}/${shot.name}.png` });
        process.stdout.write(`${shot.name}.png\n`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    if (stack) await stack.stop();
    else await db.drop();
  }
}

await main();
