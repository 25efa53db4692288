import { z } from 'zod';
import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { BadGatewayError, BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import { EgressRefusedError, requireEgress, type EgressOptions } from '@wfm/webhooks/egress';
import { parseOrThrow } from '@wfm/core/validation';
import { MASKED, ProviderError, type AccessProviderAdapter, type ConnectionCheck, type ExternalDoor } from './provider-adapter.js';
import type { Provider, ProviderAdapters } from './providers.js';
import type { AccessIntegrationsRepository, Door, DoorChanges, Integration, IntegrationChanges, NewIntegration, SealedIntegration } from './access-integrations.repository.js';
import type {
  CreateIntegrationBody,
  CreatedIntegrationDto,
  DoorDto,
  IntegrationDto,
  SyncResultDto,
  UpdateIntegrationBody,
} from './access-integrations.schemas.js';

type Config = Record<string, unknown>;

export function toDoorDto(d: Door): DoorDto {
  return {
    id: d.id,
    externalId: d.externalId,
    name: d.name,
    zoneId: d.zone?.id ?? null,
    zone: d.zone,
    discoveredAt: d.discoveredAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * External reader integrations: provider credentials and the webhook secret are stored sealed
 * (AES-256-GCM) and never returned; the webhook secret is shown once, at creation. Provider
 * addresses pass the webhook egress check (spec 03, rule 5) when an admin sets them and before
 * every request; a refusal is 422 wherever it happens, since nothing was sent.
 */
export class AccessIntegrationsService {
  constructor(
    private readonly repo: AccessIntegrationsRepository,
    private readonly transaction: TransactionRunner,
    private readonly adapters: ProviderAdapters,
    private readonly encryptor: Encryptor,
    private readonly clock: Clock,
    /** The public base URL ending in /api/v1, for the webhook URL shown to admins. */
    private readonly apiBaseUrl: string,
    private readonly egress: EgressOptions,
  ) {}

  async list(tenantId: string): Promise<IntegrationDto[]> {
    return (await this.repo.list(tenantId)).map((row) => this.toDto(row));
  }

  async create(tenantId: string, body: CreateIntegrationBody): Promise<CreatedIntegrationDto> {
    const adapter = this.adapters[body.provider];
    const config = validConfig(adapter, body.config);
    await this.requireReachable(adapter, body.config, config, null);
    const webhookSecret = `whsec_${randomToken(32)}`;
    const now = this.clock.now();
    const row: NewIntegration = {
      id: uuid(),
      tenantId,
      provider: body.provider,
      displayName: body.displayName,
      status: 'PENDING',
      lastSyncAt: null,
      lastError: null,
      createdAt: now,
      updatedAt: now,
      configSealed: this.seal(config),
      webhookSecretSealed: this.encryptor.encrypt(webhookSecret),
    };
    await this.repo.insert(row);
    return { ...this.toDto(row), webhookSecret };
  }

  /** The egress check runs before the row is locked, so a slow DNS answer never holds the lock. */
  async update(tenantId: string, id: string, body: UpdateIntegrationBody): Promise<IntegrationDto> {
    if (body.config !== undefined) {
      const current = await this.find(tenantId, id);
      const adapter = this.adapterOf(current);
      const stored = this.open(current);
      await this.requireReachable(adapter, body.config, replacementConfig(adapter, body.config, stored), stored);
    }
    return this.transaction(async (tx) => {
      const row = await this.repo.lock(tx, tenantId, id);
      if (!row) throw new NotFoundError('Integration not found');
      const changes: IntegrationChanges = {};
      if (body.displayName !== undefined) changes.displayName = body.displayName;
      if (body.config !== undefined) {
        const adapter = this.adapterOf(row);
        changes.configSealed = this.seal(replacementConfig(adapter, body.config, this.open(row)));
        // The last outcome was about the old settings.
        changes.status = 'PENDING';
        changes.lastError = null;
      }
      const updated = await this.repo.update(tx, tenantId, id, changes, this.clock.now());
      return this.toDto({ ...updated, configSealed: changes.configSealed ?? row.configSealed });
    });
  }

  async remove(tenantId: string, id: string): Promise<{ deleted: true; id: string }> {
    if (!(await this.repo.remove(tenantId, id))) throw new NotFoundError('Integration not found');
    return { deleted: true, id };
  }

  /**
   * A provider that fails or refuses is an answer (`ok: false`), not an error of this request; an
   * address the egress check refuses now is 422, also recorded.
   */
  async testConnection(tenantId: string, id: string): Promise<ConnectionCheck> {
    const row = await this.find(tenantId, id);
    const check = await this.recordingRefusal(tenantId, id, () => this.adapterOf(row).testConnection(this.open(row)));
    await this.repo.recordOutcome(null, tenantId, id, check.ok ? { status: 'CONNECTED', lastError: null } : { status: 'ERROR', lastError: check.message });
    return check;
  }

  /**
   * Upserts the provider's door list. Doors keep their zone mapping across syncs; a door the
   * provider no longer lists is deleted with its mapping (rediscovered unmapped if it returns).
   */
  async syncDoors(tenantId: string, id: string): Promise<SyncResultDto> {
    const row = await this.find(tenantId, id);
    let listed: ExternalDoor[];
    try {
      listed = await this.recordingRefusal(tenantId, id, () => this.adapterOf(row).listDoors(this.open(row)));
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      await this.repo.recordOutcome(null, tenantId, id, { status: 'ERROR', lastError: err.message });
      throw new BadGatewayError(err.message);
    }
    return this.transaction(async (tx) => {
      if (!(await this.repo.lock(tx, tenantId, id))) throw new NotFoundError('Integration not found');
      const changes = doorChanges(await this.repo.doors(tx, tenantId, id), listed);
      const now = this.clock.now();
      await this.repo.applyDoorChanges(tx, tenantId, id, changes, now);
      await this.repo.recordOutcome(tx, tenantId, id, { status: 'CONNECTED', lastError: null, lastSyncAt: now });
      return {
        doors: (await this.repo.doors(tx, tenantId, id)).map(toDoorDto),
        added: changes.added.length,
        updated: changes.renamed.length,
        removed: changes.removedIds.length,
      };
    });
  }

  async doors(tenantId: string, id: string): Promise<DoorDto[]> {
    await this.find(tenantId, id);
    return (await this.repo.doors(null, tenantId, id)).map(toDoorDto);
  }

  async mapDoor(tenantId: string, id: string, doorId: string, zoneId: string | null): Promise<DoorDto> {
    await this.find(tenantId, id);
    if (!(await this.repo.door(tenantId, id, doorId))) throw new NotFoundError('Door not found');
    if (zoneId !== null && !(await this.repo.liveZone(tenantId, zoneId))) throw new NotFoundError('Zone not found');
    await this.repo.setDoorZone(tenantId, doorId, zoneId, this.clock.now());
    return toDoorDto((await this.repo.door(tenantId, id, doorId))!);
  }

  /**
   * Checks the addresses the admin set: on create those given (an omitted one is the provider's
   * own public address), on update those that changed, so a stored address whose name no longer
   * resolves does not block other edits. Requests check every address again anyway.
   */
  private async requireReachable(adapter: AccessProviderAdapter, input: Config, config: Config, stored: Config | null): Promise<void> {
    for (const field of adapter.addressFields) {
      if (input[field] === undefined || (stored && config[field] === stored[field])) continue;
      await requireEgress(config[field] as string, this.egress);
    }
  }

  private async recordingRefusal<T>(tenantId: string, id: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof EgressRefusedError) await this.repo.recordOutcome(null, tenantId, id, { status: 'ERROR', lastError: err.message });
      throw err;
    }
  }

  private async find(tenantId: string, id: string): Promise<SealedIntegration> {
    const row = await this.repo.find(tenantId, id);
    if (!row) throw new NotFoundError('Integration not found');
    return row;
  }

  private adapterOf(row: Integration): AccessProviderAdapter {
    return this.adapters[row.provider as Provider];
  }

  private seal(config: Config): string {
    return this.encryptor.encrypt(JSON.stringify(config));
  }

  private open(row: SealedIntegration): Config {
    return JSON.parse(this.encryptor.decrypt(row.configSealed)) as Config;
  }

  private toDto(row: SealedIntegration): IntegrationDto {
    const adapter = this.adapterOf(row);
    const config = this.open(row);
    for (const field of adapter.secretFields) if (field in config) config[field] = MASKED;
    return {
      id: row.id,
      provider: row.provider as Provider,
      displayName: row.displayName,
      status: row.status,
      lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
      lastError: row.lastError,
      config,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      webhookUrl: `${this.apiBaseUrl}/access/webhooks/${row.id}`,
    };
  }
}

/** The provider's own schema, with messages naming `config.<field>`; a secret cannot be the mask itself. */
function validConfig(adapter: AccessProviderAdapter, input: Config): Config {
  const masked = adapter.secretFields.filter((f) => input[f] === MASKED);
  if (masked.length) throw new BadRequestError(masked.map((f) => `config.${f} must be the secret itself, not ${MASKED}`));
  return parseOrThrow(z.object({ config: adapter.configSchema }), { config: input }).config;
}

/**
 * A PATCH config replaces the stored one whole, but a secret sent back as MASKED keeps its stored
 * value, so an admin can change a site id without re-entering passwords. Not when the addresses
 * change: the stored secrets would then be sent to a host they were never entered for.
 */
function replacementConfig(adapter: AccessProviderAdapter, input: Config, stored: Config): Config {
  const masked = adapter.secretFields.filter((f) => input[f] === MASKED);
  const config = validConfig(adapter, { ...input, ...Object.fromEntries(masked.map((f) => [f, stored[f]])) });
  if (masked.length && adapter.addressFields.some((f) => config[f] !== stored[f])) {
    throw new BadRequestError(masked.map((f) => `config.${f} must be given again when the provider address changes`));
  }
  return config;
}

function doorChanges(existing: Door[], listed: ExternalDoor[]): DoorChanges {
  const known = new Map(existing.map((d) => [d.externalId, d]));
  const seen = new Set<string>();
  const changes: DoorChanges = { added: [], renamed: [], removedIds: [] };
  for (const door of listed) {
    if (seen.has(door.externalId)) continue;
    seen.add(door.externalId);
    const current = known.get(door.externalId);
    if (!current) changes.added.push({ id: uuid(), externalId: door.externalId, name: door.name });
    else if (current.name !== door.name) changes.renamed.push({ id: current.id, name: door.name });
  }
  changes.removedIds = existing.filter((d) => !seen.has(d.externalId)).map((d) => d.id);
  return changes;
}
