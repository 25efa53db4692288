import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { UserPrincipal } from '@wfm/core/principal';
import { requireEgress, type EgressOptions } from '@wfm/webhooks/egress';
import type { PushSubscriptionRow, PushSubscriptionsRepository } from './push-subscriptions.repository.js';
import type { AddPushSubscriptionBody, PushSubscriptionDto } from './push-subscriptions.schemas.js';
import type { VapidSettings } from './push.sender.js';

/** Phones, laptops, a second browser: beyond this the oldest subscription goes. */
export const MAX_DEVICES = 10;

const dto = (r: PushSubscriptionRow): PushSubscriptionDto => ({ id: r.id, endpoint: r.endpoint, userAgent: r.userAgent, createdAt: r.createdAt.toISOString() });

/** The signed-in person's own Web Push devices. Without VAPID keys configured push is off (404). */
export class PushSubscriptionsService {
  constructor(
    private readonly vapid: VapidSettings | null,
    private readonly repo: PushSubscriptionsRepository,
    private readonly egress: EgressOptions,
    private readonly clock: Clock,
  ) {}

  publicKey(): { publicKey: string } {
    return { publicKey: this.requireConfigured().publicKey };
  }

  async list(me: UserPrincipal): Promise<{ items: PushSubscriptionDto[] }> {
    this.requireConfigured();
    return { items: (await this.repo.listFor(me.tenantId, me.userId)).map(dto) };
  }

  /** The endpoint is where the API will post: it must pass the egress check now (422), and again at each send. */
  async add(me: UserPrincipal, body: AddPushSubscriptionBody, userAgent: string | undefined): Promise<PushSubscriptionDto> {
    this.requireConfigured();
    await requireEgress(body.endpoint, this.egress);
    const row = await this.repo.upsert(
      {
        id: uuid(),
        tenantId: me.tenantId,
        userId: me.userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, 300) ?? null,
        createdAt: this.clock.now(),
      },
      MAX_DEVICES,
    );
    return dto(row);
  }

  async remove(me: UserPrincipal, id: string): Promise<void> {
    this.requireConfigured();
    if (!(await this.repo.remove(me.tenantId, me.userId, id))) throw new NotFoundError('Push subscription not found');
  }

  private requireConfigured(): VapidSettings {
    if (!this.vapid) throw new NotFoundError('Web Push is not configured on this platform');
    return this.vapid;
  }
}
