import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { BadRequestError, HttpError } from '@wfm/core/errors';
import { ScryptPasswordHasher } from '@wfm/core/crypto';
import { systemClock } from '@wfm/core/clock';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { transactionRunner } from '@wfm/db/transaction';
import { createLogger } from '@wfm/core/logger';
import { LocalBus } from '@wfm/memory/bus-local';
import { RedisBus } from '@wfm/memory/bus-redis';
import { AccessFeed } from './modules/access/feed/access-feed.service.js';
import { parseOrThrow } from './http/validation.js';
import { TenantProvisioningRepository } from './modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from './modules/organization/tenants/tenant-provisioning.service.js';
import { TenantsRepository } from './modules/organization/tenants/tenants.repository.js';
import { TenantsService } from './modules/organization/tenants/tenants.service.js';
import { CreateTenantBody, OperatorUpdateTenantBody, TenantIdParams } from './modules/platform/operator/platform.schemas.js';

/**
 * The platform operator's command line: the same services and validation as the /platform routes,
 * for installations where the operator has a shell but no PLATFORM_ADMIN_TOKEN set.
 */
const USAGE = `usage:
  npm run cli -- tenant:create --name <name> --plan <FREE|BASIC|GROWTH|ENTERPRISE> --timezone <IANA zone>
                               --owner-name <full name> --owner-email <email> --owner-password <password>
                               [--owner-mobile <number>] [--slug <slug>]
  npm run cli -- tenant:update --id <uuid> [--plan <plan>] [--public-api true|false] [--sso true|false]
  npm run cli -- tenant:list
Needs DATABASE_URL. Prints JSON on success; exits 1 with a one-line message on failure.`;

export interface CliDeps {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
}

interface Services {
  provisioning: TenantProvisioningService;
  tenants: TenantsService;
}

type Values = Record<string, string | undefined>;

interface Command {
  options: Record<string, { type: 'string' }>;
  /** Validates the arguments before any database work; returns the work itself. */
  prepare(values: Values): (s: Services) => Promise<unknown>;
}

const str = (names: string[]) => Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));

/** `true`/`false` become booleans; anything else reaches the schema as is, which names the problem. */
const flag = (v: string | undefined): unknown => (v === 'true' ? true : v === 'false' ? false : v);

const COMMANDS: Record<string, Command> = {
  'tenant:create': {
    options: str(['name', 'slug', 'plan', 'timezone', 'owner-name', 'owner-email', 'owner-password', 'owner-mobile']),
    prepare(v) {
      const body = parseOrThrow(CreateTenantBody, {
        name: v.name,
        slug: v.slug,
        plan: v.plan,
        timezone: v.timezone,
        owner: { fullName: v['owner-name'], email: v['owner-email'], password: v['owner-password'], mobile: v['owner-mobile'] },
      });
      return (s) => s.provisioning.createTenantWithOwner(body);
    },
  },
  'tenant:update': {
    options: str(['id', 'plan', 'public-api', 'sso']),
    prepare(v) {
      const { id } = parseOrThrow(TenantIdParams, { id: v.id });
      const body = parseOrThrow(OperatorUpdateTenantBody, { plan: v.plan, publicApiEnabled: flag(v['public-api']), ssoEnabled: flag(v.sso) });
      return async (s) => (await s.tenants.operatorUpdate(id, body)).value;
    },
  },
  'tenant:list': {
    options: {},
    prepare: () => (s) => s.tenants.list(),
  },
};

function failureMessage(err: unknown): string | null {
  if (err instanceof BadRequestError) return err.messages.join('; ');
  if (err instanceof HttpError) return err.message;
  // node:util parseArgs reports unknown options and missing values with these codes.
  if ((err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_')) return (err as Error).message;
  return null;
}

/** Returns the process exit code; exported so tests run it in-process against their database. */
export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    deps.err(`${name ? `error: unknown command '${name}'\n` : ''}${USAGE}`);
    return 1;
  }
  const url = deps.env.DATABASE_URL;
  try {
    const { values } = parseArgs({ args, options: command.options, strict: true, allowPositionals: false });
    const work = command.prepare(values as Values);
    if (!url) {
      deps.err('error: DATABASE_URL is required (the PostgreSQL connection URL of the installation)');
      return 1;
    }
    const ds = createDataSource({ url, poolSize: 2, applicationName: 'wfm-cli' });
    await ds.initialize();
    try {
      const ran = await runMigrations(ds);
      if (ran) deps.err(`applied ${ran} migration(s)`);
      const passwords = new ScryptPasswordHasher();
      // Without REDIS_URL nothing outside this process hears the plan change; the feed version is
      // still bumped, so access daemons reload the tenant at their next message or reconcile.
      const bus = deps.env.REDIS_URL ? new RedisBus(deps.env.REDIS_URL) : new LocalBus();
      try {
        const accessFeed = new AccessFeed(bus, createLogger('cli', 'warn'), { timeoutMs: 250 });
        const result = await work({
          provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(ds), passwords),
          tenants: new TenantsService(new TenantsRepository(ds), transactionRunner(ds), systemClock, accessFeed),
        });
        deps.out(JSON.stringify(result, null, 2));
        return 0;
      } finally {
        await bus.close();
      }
    } finally {
      await ds.destroy();
    }
  } catch (err) {
    const message = failureMessage(err);
    if (message === null) throw err;
    deps.err(`error: ${message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await runCli(process.argv.slice(2), {
      env: process.env,
      out: (text) => process.stdout.write(`${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
    });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
