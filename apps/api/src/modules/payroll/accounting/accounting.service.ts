import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@wfm/core/clock';
import type { Encryptor } from '@wfm/core/encryption';
import { BadGatewayError, BadRequestError, ConflictError, NotFoundError, ServiceUnavailableError } from '@wfm/core/errors';
import { roleAllowed, type Role } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';
import type { PayrollService } from '../runs/payroll.service.js';
import type { Run } from '../runs/payroll.repository.js';
import type { AccountingRepository, Connection } from './accounting.repository.js';
import { AccountingProviderError, type XeroClient, type XeroTokens } from './xero.client.js';

/** How long a started connection may take to come back from the provider. */
export const STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** The last day of a YYYY-MM month. */
function lastDay(ym: string): string {
  const [y, m] = ym.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The accounting-provider integration (Xero): an HR admin connects the tenant through OAuth 2.0
 * authorization code, then pushes finalized payroll journals. The `state` of the flow is random,
 * stored hashed, bound to the tenant and the admin who started it, valid 10 minutes and spent on
 * first use, so a callback can neither be replayed nor land in another tenant.
 */
export class AccountingService {
  constructor(
    private readonly repo: AccountingRepository,
    private readonly xero: XeroClient | null,
    private readonly payroll: PayrollService,
    private readonly encryptor: Encryptor,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly callbackUrl: string,
  ) {}

  async start(actor: Actor): Promise<{ authorizeUrl: string; expiresAt: Date }> {
    const xero = this.configured();
    const state = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
    await this.repo.insertState({ hash: hashState(state), tenantId: actor.tenantId, userId: actor.userId, expiresAt, at: now });
    return { authorizeUrl: xero.authorizeUrl(this.callbackUrl, state), expiresAt };
  }

  /** The provider's redirect back. The state is spent first, whatever happens after. */
  async callback(code: string, state: string): Promise<Connection> {
    const xero = this.configured();
    const claim = await this.transaction(async (tx) => {
      const found = await this.repo.consumeState(tx, hashState(state), this.clock.now());
      if (!found) throw new BadRequestError(['state is unknown, expired or already used']);
      const role = await this.repo.activeRole(tx, found.tenantId, found.userId);
      if (!role || !roleAllowed(role as Role, PEOPLE_ADMINS)) throw new BadRequestError(['state was started by someone who may no longer connect accounting']);
      return found;
    });
    const tokens = await this.provider(() => xero.exchangeCode(code, this.callbackUrl));
    const organisation = await this.provider(() => xero.organisation(tokens));
    const connection: Connection = {
      tenantId: claim.tenantId,
      provider: 'XERO',
      organisationId: organisation.id,
      organisationName: organisation.name,
      tokensSealed: this.encryptor.encrypt(JSON.stringify(tokens)),
      connectedByUserId: claim.userId,
      connectedAt: this.clock.now(),
    };
    await this.transaction((tx) => this.repo.upsertConnection(tx, connection));
    return connection;
  }

  /** The tenant's connection, if any, and whether this platform can make one at all. */
  async status(actor: Actor): Promise<{ available: boolean; connection: Connection | null }> {
    return { available: this.xero !== null, connection: await this.repo.find(actor.tenantId) };
  }

  async disconnect(actor: Actor): Promise<void> {
    if ((await this.repo.remove(actor.tenantId)) === 0) throw new NotFoundError('No accounting provider is connected');
  }

  /** Pushes a finalized run's journal as a posted Manual Journal; the provider's id is kept on the run. */
  async export(actor: Actor, runId: string): Promise<Run> {
    const xero = this.configured();
    const run = await this.payroll.journal(actor, runId);
    const connection = await this.repo.find(actor.tenantId);
    if (!connection) throw new ConflictError('No accounting provider is connected', 'NOT_CONNECTED');
    let tokens = JSON.parse(this.encryptor.decrypt(connection.tokensSealed)) as XeroTokens;
    if (tokens.expiresAt - 60_000 <= this.clock.now().getTime()) {
      tokens = await this.provider(() => xero.refresh(tokens));
      await this.repo.saveTokens(actor.tenantId, this.encryptor.encrypt(JSON.stringify(tokens)));
    }
    const reference = await this.provider(() => xero.postJournal(tokens, connection.organisationId, run.journal, lastDay(run.periodYearMonth), `Payroll ${run.periodYearMonth}`));
    return this.payroll.markExported(actor, runId, reference);
  }

  private configured(): XeroClient {
    if (!this.xero) throw new ServiceUnavailableError('The accounting integration is not configured on this platform (ACCOUNTING_XERO_CLIENT_ID)');
    return this.xero;
  }

  /** A provider failure is the provider's: 502 with its reason, never our 500. */
  private async provider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof AccountingProviderError) throw new BadGatewayError(err.message);
      throw err;
    }
  }
}
