import { createHash, createHmac } from 'node:crypto';
import { randomToken, timingSafeEqualStr, uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { PaymentRequiredError, UnauthorizedError } from '@wfm/core/errors';
import { normalizeEmail } from '@wfm/core/identity';
import { FEATURE_NAMES, planIncludes } from '@wfm/core/tenancy';
import type { ExternalDoorEvent } from './provider-adapter.js';
import type { Provider, ProviderAdapters } from './providers.js';
import type { AccessIntegrationsRepository, AuditRow, WebhookTarget } from './access-integrations.repository.js';
import type { WebhookReceiptDto } from './access-integrations.schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keys the HMAC computed for an unknown integration id, so that case costs what a known one does. */
const STAND_IN_SECRET = randomToken(32);

/**
 * An audit id derived from the provider's event id: a provider that redelivers an event (they
 * retry on timeouts) hits the same row and the insert skips it. Shaped as a version-8 UUID.
 */
function auditIdFor(integrationId: string, externalEventId: string): string {
  const h = createHash('sha256').update(`${integrationId}:${externalEventId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x80;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * POST /access/webhooks/:integrationId. The signature is checked before anything else is said:
 * an unknown id, a malformed id and a wrong signature are the same bare 401, so the route does
 * not reveal which integrations exist. Once signed, the answer is 200 whatever was dropped
 * (spec 02: the provider must not retry), except 402 when the tenant's plan lacks access control.
 */
export class IntegrationWebhooksService {
  constructor(
    private readonly repo: AccessIntegrationsRepository,
    private readonly adapters: ProviderAdapters,
    private readonly encryptor: Encryptor,
  ) {}

  async receive(integrationId: string, rawBody: Buffer, signature: string | undefined): Promise<WebhookReceiptDto> {
    const target = UUID.test(integrationId) ? await this.repo.findWebhookTarget(integrationId) : null;
    const secret = target ? this.encryptor.decrypt(target.webhookSecretSealed) : STAND_IN_SECRET;
    const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
    const presented = (signature ?? '').trim().toLowerCase();
    if (!timingSafeEqualStr(presented, expected) || !target) throw new UnauthorizedError();
    if (!planIncludes(target.plan, 'accessControl')) {
      throw new PaymentRequiredError(`Your ${target.plan} plan does not include ${FEATURE_NAMES.accessControl}. Upgrade at /admin/billing.`);
    }
    const payload = parseJson(rawBody);
    const events = payload === undefined ? null : this.adapters[target.provider as Provider].mapEvent(payload);
    return { received: true, recorded: events?.length ? await this.record(target, events) : 0 };
  }

  /** Events of doors mapped to a live zone become audit rows; the rest are dropped. */
  private async record(target: WebhookTarget, events: ExternalDoorEvent[]): Promise<number> {
    const zones = await this.repo.mappedZones(target.tenantId, target.id, [...new Set(events.map((e) => e.externalDoorId))]);
    const mapped = events.filter((e) => zones.has(e.externalDoorId));
    const emails = [...new Set(mapped.flatMap((e) => (e.userEmail ? [normalizeEmail(e.userEmail)] : [])))];
    const users = await this.repo.usersByEmail(target.tenantId, emails);
    const rows = new Map<string, AuditRow>();
    for (const e of mapped) {
      const id = e.externalEventId ? auditIdFor(target.id, e.externalEventId) : uuid();
      rows.set(id, {
        id,
        tenantId: target.tenantId,
        userId: (e.userEmail && users.get(normalizeEmail(e.userEmail))) || null,
        zoneId: zones.get(e.externalDoorId)!,
        credentialId: e.externalUserRef ?? '',
        // Door ids are the provider account's own: two integrations of one provider may both have door 201.
        readerId: `ext:${target.id}:${e.externalDoorId}`,
        // The provider decided; it does not say why in the platform's terms, so a refusal is "no grant".
        eventType: e.granted ? 'GRANTED' : 'DENIED_NO_GRANT',
        reason: e.granted ? null : (e.reason ?? null),
        occurredAt: e.occurredAt,
        source: `INTEGRATION:${target.provider}`,
      });
    }
    return this.repo.insertAudit([...rows.values()]);
  }
}
