import type { Clock } from '@wfm/core/clock';
import { NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { CentreRepository, NotificationRow } from './centre.repository.js';
import type { ListNotificationsQuery, PutPreferencesBody } from './centre.schemas.js';
import { matrixOf, type PreferenceMatrix } from './preferences.js';

/** The signed-in person's own centre: what they were told, what they read, how they want to be told. */
export class MyNotificationsService {
  constructor(
    private readonly repo: CentreRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, q: ListNotificationsQuery): Promise<{ items: NotificationRow[]; unread: number }> {
    const [items, unread] = await Promise.all([this.repo.list(actor.tenantId, actor.userId, q.limit, q.offset), this.repo.unread(actor.tenantId, actor.userId)]);
    return { items, unread };
  }

  async read(actor: Actor, id: string): Promise<NotificationRow> {
    const row = await this.repo.markRead(actor.tenantId, actor.userId, id, this.clock.now());
    if (!row) throw new NotFoundError('Notification not found');
    return row;
  }

  async readAll(actor: Actor): Promise<number> {
    return this.repo.markAllRead(actor.tenantId, actor.userId, this.clock.now());
  }

  async preferences(actor: Actor): Promise<PreferenceMatrix> {
    const [hasEmail, chosen] = await Promise.all([this.repo.hasEmail(actor.tenantId, actor.userId), this.repo.ownPreferences(actor.tenantId, actor.userId)]);
    return matrixOf(hasEmail, chosen);
  }

  async setPreferences(actor: Actor, body: PutPreferencesBody): Promise<PreferenceMatrix> {
    const last = new Map(body.changes.map((c) => [`${c.event} ${c.channel}`, c]));
    await this.transaction((tx) => this.repo.savePreferences(tx, actor.tenantId, actor.userId, [...last.values()], this.clock.now()));
    return this.preferences(actor);
  }
}
