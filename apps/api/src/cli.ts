import { resolveTxt } from 'node:dns/promises';
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { BadRequestError, HttpError } from '@wfm/core/errors';
import { ScryptPasswordHasher } from '@wfm/core/crypto';
import { systemClock } from '@wfm/core/clock';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { EMBEDDED_PG_DEFAULT_PORT, embeddedPostgresUrl } from '@wfm/db/embedded-url';
import { readInstanceRecord } from '@wfm/db/instance-record';
import { transactionRunner } from '@wfm/db/transaction';
import { createLogger } from '@wfm/core/logger';
import { LocalBus } from '@wfm/memory/bus-local';
import { RedisBus } from '@wfm/memory/bus-redis';
import { parseOrThrow } from '@wfm/core/validation';
import { AccessFeed } from './modules/access/feed/access-feed.service.js';
import { TenantProvisioningRepository } from './modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from './modules/organization/tenants/tenant-provisioning.service.js';
import { TenantsRepository } from './modules/organization/tenants/tenants.repository.js';
import { TenantsService } from './modules/organization/tenants/tenants.service.js';
import { PlanRequestsRepository } from './modules/organization/plans/plan-requests.repository.js';
import { PlanRequestListQuery } from './modules/organization/plans/plans.schemas.js';
import { listPlanRequests } from './modules/organization/plans/plans.service.js';
import { CreateTenantBody, OperatorUpdateTenantBody, TenantIdParams } from './modules/platform/operator/platform.schemas.js';
import { SsoDomainsService } from './modules/identity/sso/sso-domains.service.js';
import { SsoRepository } from './modules/identity/sso/sso.repository.js';
import { AddDomainBody } from './modules/identity/sso/sso.schemas.js';

/**
 * The platform operator's command line: the same services and validation as the /platform routes,
 * for installations where the operator has a shell but no PLATFORM_ADMIN_TOKEN set.
 */
const FOOTER = `Database: DATABASE_URL, or when unset the embedded PostgreSQL of the npm start running on
DATA_DIR (default .data), whatever its PORT; EMBEDDED_PG_PORT names another (default ${EMBEDDED_PG_DEFAULT_PORT}).
Prints JSON on success; exits 1 with a one-line message on failure.`;

export interface CliDeps {
  env: NodeJS.ProcessEnv;
  out: (text: string) => void;
  err: (text: string) => void;
  /** A secret typed at a prompt that does not echo it, or read from stdin when that is not a terminal. */
  readSecret: (prompt: string) => Promise<string>;
}

interface Services {
  provisioning: TenantProvisioningService;
  tenants: TenantsService;
  planRequests: PlanRequestsRepository;
  ssoDomains: SsoDomainsService;
}

type Values = Record<string, string | undefined>;

interface Command {
  usage: string;
  options: Record<string, { type: 'string' }>;
  /** Validates the arguments before any database work; returns the work itself. */
  prepare(values: Values, deps: CliDeps): Promise<(s: Services) => Promise<unknown>>;
}

const str = (names: string[]) => Object.fromEntries(names.map((n) => [n, { type: 'string' as const }]));

/** `true`/`false` become booleans; anything else reaches the schema as is, which names the problem. */
const flag = (v: string | undefined): unknown => (v === 'true' ? true : v === 'false' ? false : v);

const COMMANDS: Record<string, Command> = {
  'tenant:create': {
    usage: `npm run cli -- tenant:create --name <name> --plan <FREE|BASIC|GROWTH|ENTERPRISE> --timezone <IANA zone>
                             --owner-name <full name> --owner-email <email>
                             [--owner-mobile <number>] [--slug <slug>]
  Creates a tenant and its TENANT_OWNER. The owner's password is asked for at a prompt that does
  not echo it, or read from stdin (e.g. printf '%s' "$PASSWORD" | npm run cli -- tenant:create …).`,
    options: str(['name', 'slug', 'plan', 'timezone', 'owner-name', 'owner-email', 'owner-mobile']),
    async prepare(v, deps) {
      const password = await deps.readSecret('Owner password: ');
      const body = parseOrThrow(CreateTenantBody, {
        name: v.name,
        slug: v.slug,
        plan: v.plan,
        timezone: v.timezone,
        owner: { fullName: v['owner-name'], email: v['owner-email'], password, mobile: v['owner-mobile'] },
      });
      return (s) => s.provisioning.createTenantWithOwner(body);
    },
  },
  'tenant:update': {
    usage: `npm run cli -- tenant:update --id <uuid> [--plan <plan>] [--public-api true|false] [--sso true|false]
  Changes a tenant's plan and switches, by the same rules as PATCH /platform/tenants/{id}.`,
    options: str(['id', 'plan', 'public-api', 'sso']),
    async prepare(v) {
      const { id } = parseOrThrow(TenantIdParams, { id: v.id });
      const body = parseOrThrow(OperatorUpdateTenantBody, { plan: v.plan, publicApiEnabled: flag(v['public-api']), ssoEnabled: flag(v.sso) });
      return async (s) => (await s.tenants.operatorUpdate(id, body)).value;
    },
  },
  'sso:verify-domain': {
    usage: `npm run cli -- sso:verify-domain --tenant <uuid> --domain <domain>
  Marks a domain the tenant added to a single sign-on connection as verified without its DNS TXT
  record, on the operator's word: for internal domains no public DNS serves.`,
    options: str(['tenant', 'domain']),
    async prepare(v) {
      const { id } = parseOrThrow(TenantIdParams, { id: v.tenant });
      const { domain } = parseOrThrow(AddDomainBody, { domain: v.domain });
      return (s) => s.ssoDomains.operatorVerify(id, domain);
    },
  },
  'plan-request:list': {
    usage: `npm run cli -- plan-request:list [--status PENDING|DONE] [--limit <1-100>] [--offset <n>]
  Prints the tenants' upgrade requests, newest first, as GET /platform/plan-requests does. Grant
  one with tenant:update --plan, which closes it.`,
    options: str(['status', 'limit', 'offset']),
    async prepare(v) {
      const query = parseOrThrow(PlanRequestListQuery.strict(), Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)));
      return (s) => listPlanRequests(s.planRequests, query);
    },
  },
  'tenant:list': {
    usage: `npm run cli -- tenant:list
  Prints every tenant.`,
    options: {},
    prepare: async () => (s) => s.tenants.list(),
  },
};

const usage = (only?: Command) =>
  `usage:\n  ${(only ? [only] : Object.values(COMMANDS)).map((c) => c.usage).join('\n  ')}\n${FOOTER}`;

const HELP = new Set(['--help', '-h', 'help']);

/** Only a refused connection means "nothing listens there"; every other failure is reported as it is. */
const refused = (err: unknown) => (err as { code?: string }).code === 'ECONNREFUSED' || (err as { errors?: Array<{ code?: string }> }).errors?.some((e) => e.code === 'ECONNREFUSED') === true;

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
  if (name === undefined || HELP.has(name)) {
    deps.out(usage());
    return name === undefined ? 1 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    deps.err(`error: unknown command '${name}'\n${usage()}`);
    return 1;
  }
  if (args.some((a) => HELP.has(a))) {
    deps.out(usage(command));
    return 0;
  }
  if (args.some((a) => a === '--owner-password' || a.startsWith('--owner-password='))) {
    deps.err('error: passwords are not taken on the command line, where shell history and ps keep them: type it at the prompt, or pipe it on stdin');
    return 1;
  }
  const embeddedPort = Number(deps.env.EMBEDDED_PG_PORT || readInstanceRecord(resolve(deps.env.DATA_DIR || '.data'))?.embeddedPgPort || EMBEDDED_PG_DEFAULT_PORT);
  const url = deps.env.DATABASE_URL || embeddedPostgresUrl(embeddedPort);
  try {
    const { values } = parseArgs({ args, options: command.options, strict: true, allowPositionals: false });
    const work = await command.prepare(values as Values, deps);
    const ds = createDataSource({ url, poolSize: 2, applicationName: 'wfm-cli' });
    try {
      await ds.initialize();
    } catch (err) {
      if (deps.env.DATABASE_URL || !refused(err)) throw err;
      deps.err(`error: DATABASE_URL is not set and no embedded PostgreSQL of npm start answers on 127.0.0.1:${embeddedPort}: start npm start, or set DATABASE_URL`);
      return 1;
    }
    try {
      const ran = await runMigrations(ds);
      if (ran) deps.err(`applied ${ran} migration(s)`);
      const passwords = new ScryptPasswordHasher();
      // Without REDIS_URL nothing outside this process hears the plan change; the feed version is
      // still bumped, so access daemons reload the tenant at their next message or reconcile.
      const bus = deps.env.REDIS_URL ? new RedisBus(deps.env.REDIS_URL) : new LocalBus();
      try {
        const accessFeed = new AccessFeed(bus, createLogger('cli', 'warn'), { timeoutMs: 250 });
        const planRequests = new PlanRequestsRepository(ds);
        const result = await work({
          provisioning: new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(ds), passwords),
          tenants: new TenantsService(new TenantsRepository(ds), transactionRunner(ds), systemClock, accessFeed, planRequests),
          planRequests,
          ssoDomains: new SsoDomainsService(new SsoRepository(ds), systemClock, resolveTxt),
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

/** At a terminal: a prompt on stderr whose answer is not echoed. Otherwise: stdin up to its end, without the final newline. */
async function readSecret(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
  }
  process.stderr.write(prompt);
  const silent = new Writable({ write: (_chunk, _enc, done) => done() });
  const rl = createInterface({ input: process.stdin, output: silent, terminal: true });
  try {
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    process.exitCode = await runCli(process.argv.slice(2), {
      env: process.env,
      out: (text) => process.stdout.write(`${text}\n`),
      err: (text) => process.stderr.write(`${text}\n`),
      readSecret,
    });
  } catch (err) {
    process.stderr.write(`error: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
