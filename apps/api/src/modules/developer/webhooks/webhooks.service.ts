import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import { EVENT_CODES, catalogList, type AnyCatalogEntry } from '@wfm/events/catalog';
import { requireEgress, type EgressOptions } from '@wfm/webhooks/egress';
import type { WebhookDeliveryOperations } from '@wfm/webhooks/operations';
import { generateWebhookSecret } from '@wfm/webhooks/signing';
import { keysetSource, type ListSource, type PublicLists } from '../../../lists/public-lists.js';
import type { DeliveryFilter, Subscription, SubscriptionChanges, WebhooksRepository } from './webhooks.repository.js';
import type {
  CatalogQuery,
  CreateWebhookBody,
  DeliveriesDto,
  DeliveryDto,
  PublicWebhooksQuery,
  RedeliveredDto,
  RotatedDto,
  TestResultDto,
  UpdateWebhookBody,
  WebhookDto,
} from './webhooks.schemas.js';

/**
 * Spec 03 leaves the cap "not shown". Each subscription can add an outbound request per event, so
 * the cap bounds what one tenant can make the worker do; 50 matches the 50 codes a subscription may list.
 */
const MAX_SUBSCRIPTIONS_PER_TENANT = 50;

/** What lists show instead of the secret: enough to tell two secrets apart, useless to sign with. */
const MASK_PREFIX = 'whsec_••••';
const HINT_CHARS = 4;

function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

function toDto(s: Subscription, secret: string): WebhookDto {
  return {
    id: s.id,
    tenantId: s.tenantId,
    name: s.name,
    url: s.url,
    events: s.events,
    secret,
    active: s.active,
    failureCount: s.failureCount,
    ordering: s.ordering,
    lastSuccessAt: iso(s.lastSuccessAt),
    lastFailureAt: iso(s.lastFailureAt),
    lastFailureReason: s.lastFailureReason,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

function masked(s: Pick<Subscription, 'secretHint'>): string {
  return MASK_PREFIX + s.secretHint;
}

export interface WebhooksServiceDeps {
  repo: WebhooksRepository;
  transaction: TransactionRunner;
  encryptor: Encryptor;
  clock: Clock;
  egress: EgressOptions;
  /** Test and redeliver: attempts made the way the worker makes them. */
  deliveries: WebhookDeliveryOperations;
  lists: PublicLists;
}

const NOT_FOUND = 'Webhook not found';
const DELIVERY_NOT_FOUND = 'Delivery not found';

/**
 * Subscription management (spec 03). The JWT routes and the /public routes both call these
 * methods, so every rule lives here once. Secrets are sealed at rest: the worker must read them
 * back to sign, so they cannot be hashed.
 */
export class WebhooksService {
  constructor(private readonly deps: WebhooksServiceDeps) {}

  async list(tenantId: string): Promise<WebhookDto[]> {
    return (await this.deps.repo.list(tenantId)).map((s) => toDto(s, masked(s)));
  }

  /** One subscription, secret masked; 404 when it is not the tenant's. */
  async get(tenantId: string, id: string): Promise<WebhookDto> {
    const s = await this.deps.repo.find(tenantId, id);
    if (!s) throw new NotFoundError(NOT_FOUND);
    return toDto(s, masked(s));
  }

  page(tenantId: string, query: PublicWebhooksQuery) {
    const { repo } = this.deps;
    return this.deps.lists.page(
      'webhooks',
      tenantId,
      query,
      keysetSource(
        (page) => repo.list(tenantId, page),
        (after, limit) => repo.listAfter(tenantId, after, limit),
      ),
      (s: Subscription) => toDto(s, masked(s)),
    );
  }

  events(): { events: string[] } {
    return { events: [...EVENT_CODES] };
  }

  /** Catalog order in both modes; a walk continues after the last code it returned, so events a deploy adds do not shift it. */
  catalog(tenantId: string, query: CatalogQuery) {
    const source: ListSource<AnyCatalogEntry, AnyCatalogEntry> = {
      offset: async (page) => catalogList().slice(page.offset, page.offset + page.limit),
      walk: async (after, limit) => {
        const all = catalogList();
        const last = after === null ? -1 : all.findIndex((e) => e.code === after[0]);
        if (after !== null && last < 0) throw new BadRequestError(['cursor names an event the catalog no longer has']);
        return all.slice(last + 1, last + 1 + limit);
      },
      position: (e) => [e.code],
    };
    return this.deps.lists.page('webhook-catalog', tenantId, query, source, (e) => ({
      code: e.code,
      group: e.group,
      description: e.description,
      firesWhen: e.firesWhen,
      doesNotFireWhen: e.doesNotFireWhen,
      samplePayload: e.samplePayload as Record<string, unknown>,
    }));
  }

  /** The one response that carries the full secret besides rotate. */
  async create(actor: { tenantId: string; userId: string | null }, input: CreateWebhookBody): Promise<WebhookDto> {
    await requireEgress(input.url, this.deps.egress);
    const secret = generateWebhookSecret();
    const now = this.deps.clock.now();
    const row = {
      id: uuid(),
      tenantId: actor.tenantId,
      name: input.name,
      url: input.url,
      events: input.events,
      secretSealed: this.deps.encryptor.encrypt(secret),
      secretHint: secret.slice(-HINT_CHARS),
      active: true,
      failureCount: 0,
      ordering: input.ordering,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastFailureReason: null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    await this.deps.transaction(async (tx) => {
      await this.deps.repo.lockTenantSubscriptions(tx, actor.tenantId);
      if ((await this.deps.repo.count(tx, actor.tenantId)) >= MAX_SUBSCRIPTIONS_PER_TENANT) {
        throw new ConflictError(`A tenant can have at most ${MAX_SUBSCRIPTIONS_PER_TENANT} webhook subscriptions; delete one first`);
      }
      await this.deps.repo.insert(tx, row);
    });
    return toDto(row, secret);
  }

  /**
   * The egress check runs only when the url actually changes (spec 03, rule 5), and before the row
   * is locked, so a slow DNS answer never holds the lock the worker needs to count failures.
   */
  async update(tenantId: string, id: string, input: UpdateWebhookBody): Promise<WebhookDto> {
    const current = await this.deps.repo.find(tenantId, id);
    if (!current) throw new NotFoundError(NOT_FOUND);
    if (input.url !== undefined && input.url !== current.url) await requireEgress(input.url, this.deps.egress);
    return this.deps.transaction(async (tx) => {
      if (!(await this.deps.repo.lock(tx, tenantId, id))) throw new NotFoundError(NOT_FOUND);
      const changes: SubscriptionChanges = {};
      if (input.name !== undefined) changes.name = input.name;
      if (input.url !== undefined) changes.url = input.url;
      if (input.events !== undefined) changes.events = input.events;
      if (input.active !== undefined) changes.active = input.active;
      if (input.ordering !== undefined) changes.ordering = input.ordering;
      // Spec 03: switching on always starts the consecutive-failure count afresh.
      if (input.active === true) changes.failureCount = 0;
      const saved = await this.deps.repo.update(tx, tenantId, id, changes, this.deps.clock.now());
      return toDto(saved, masked(saved));
    });
  }

  async remove(tenantId: string, id: string): Promise<{ deleted: true; id: string }> {
    if (!(await this.deps.repo.delete(tenantId, id))) throw new NotFoundError(NOT_FOUND);
    return { deleted: true, id };
  }

  /** Takes effect at once: the worker reads the sealed secret afresh before every attempt. */
  async rotate(tenantId: string, id: string): Promise<RotatedDto> {
    const secret = generateWebhookSecret();
    const replaced = await this.deps.repo.replaceSecret(tenantId, id, this.deps.encryptor.encrypt(secret), secret.slice(-HINT_CHARS), this.deps.clock.now());
    if (!replaced) throw new NotFoundError(NOT_FOUND);
    return { id, secret };
  }

  /**
   * Sent to the stored url whatever the event list or active flag; the egress check runs again
   * here because the name may resolve elsewhere now than when the url was saved.
   */
  async test(tenantId: string, id: string, testedByUserId: string): Promise<TestResultDto> {
    const sub = await this.deps.repo.find(tenantId, id);
    if (!sub) throw new NotFoundError(NOT_FOUND);
    return this.deps.deliveries.sendTest(sub, testedByUserId);
  }

  redeliver(tenantId: string, deliveryId: string): Promise<RedeliveredDto> {
    return this.deps.deliveries.redeliver(tenantId, deliveryId);
  }

  async deliveryLog(tenantId: string, id: string, query: DeliveryFilter): Promise<DeliveriesDto> {
    if (!(await this.deps.repo.find(tenantId, id))) throw new NotFoundError(NOT_FOUND);
    const deliveries = await this.deps.repo.deliveries(tenantId, id, query);
    return { deliveries, count: deliveries.length };
  }

  async delivery(tenantId: string, id: string, deliveryId: string): Promise<DeliveryDto> {
    const row = await this.deps.repo.delivery(tenantId, id, deliveryId);
    if (!row) throw new NotFoundError(DELIVERY_NOT_FOUND);
    return row;
  }

  /** Redeliver, for a caller held to one subscription (the portal): another's delivery is a 404. */
  async redeliverOf(tenantId: string, id: string, deliveryId: string): Promise<RedeliveredDto> {
    await this.delivery(tenantId, id, deliveryId);
    return this.redeliver(tenantId, deliveryId);
  }

  /** Issue 32: every DEAD delivery of the subscription created in [from, to), up to `limit`, queued for one more attempt. */
  async requeueDead(tenantId: string, id: string, range: { from: Date; to: Date }, limit: number): Promise<{ requeued: number; remaining: number }> {
    if (!(await this.deps.repo.find(tenantId, id))) throw new NotFoundError(NOT_FOUND);
    return this.deps.deliveries.requeueDead({ tenantId, webhookId: id, ...range, limit });
  }

  async deadCount(tenantId: string): Promise<{ dead: number }> {
    return { dead: await this.deps.repo.countDead(tenantId) };
  }
}
