import type { DataSource } from '@wfm/db/data-source';
import type { NotificationEntity } from '@wfm/db/entities/notification.entity';
import { exec, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';
import type { NotificationChannelName, NotificationEvent } from '../notification-channel.js';
import type { Place } from './notification-templates.js';

export type NotificationRow = Row<NotificationEntity, 'id' | 'tenantId' | 'userId' | 'title' | 'body' | 'path' | 'createdAt' | 'readAt'> & { event: NotificationEvent };

/** A person's console language, as SQL over `users u`: their own choice, else their company's. */
const RECIPIENT_LANGUAGE = `COALESCE(u.language, (SELECT t.language FROM tenants t WHERE t.id = u.tenant_id))`;

export interface RecipientRow {
  userId: string;
  email: string | null;
  mobile: string | null;
  language: string;
}

export interface PreferenceRow {
  userId: string;
  event: NotificationEvent;
  channel: NotificationChannelName;
  enabled: boolean;
}

/** A delivery claimed for one attempt, with what the channel needs. */
export interface ClaimedDelivery {
  id: string;
  tenantId: string;
  channel: NotificationChannelName;
  attempts: number;
  notificationId: string;
  userId: string;
  event: NotificationEvent;
  title: string;
  body: string;
  path: string;
  /** Null when the person is gone or inactive: nobody to reach. */
  email: string | null;
  mobile: string | null;
  language: string | null;
  active: boolean;
}

const NOTIFICATION_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", event, title, body, path, created_at AS "createdAt", read_at AS "readAt"`;

export class CentreRepository {
  constructor(private readonly ds: DataSource) {}

  /** The active people among `userIds`, with their addresses and language. */
  recipients(tx: Tx, tenantId: string, userIds: readonly string[]): Promise<RecipientRow[]> {
    return many(
      tx,
      `SELECT u.id AS "userId", u.email, u.mobile, ${RECIPIENT_LANGUAGE} AS language
         FROM users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND u.status = 'ACTIVE' AND u.deleted_at IS NULL`,
      [tenantId, userIds],
    );
  }

  async places(tx: Tx, tenantId: string, outletIds: readonly string[]): Promise<Map<string, Place>> {
    const rows = await many<{ id: string; name: string; timeZone: string }>(
      tx,
      `SELECT o.id, o.name, ${outletZoneSql('o', 't')} AS "timeZone" FROM outlets o JOIN tenants t ON t.id = o.tenant_id WHERE o.tenant_id = $1 AND o.id = ANY($2::uuid[])`,
      [tenantId, outletIds],
    );
    return new Map(rows.map((r) => [r.id, { name: r.name, timeZone: r.timeZone }]));
  }

  async tenantZone(tx: Tx, tenantId: string): Promise<string> {
    return (await one<{ timezone: string }>(tx, `SELECT timezone FROM tenants WHERE id = $1`, [tenantId]))!.timezone;
  }

  preferences(tx: Tx, tenantId: string, userIds: readonly string[]): Promise<PreferenceRow[]> {
    return many(tx, `SELECT user_id AS "userId", event, channel, enabled FROM notification_preferences WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])`, [tenantId, userIds]);
  }

  /** Every notification of one dispatch in one statement. */
  async insertNotifications(tx: Tx, rows: readonly NotificationRow[]): Promise<void> {
    await exec(
      tx,
      `INSERT INTO notifications (id, tenant_id, user_id, event, title, body, path, created_at, read_at)
       SELECT *, NULL FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])`,
      [rows.map((r) => r.id), rows.map((r) => r.tenantId), rows.map((r) => r.userId), rows.map((r) => r.event), rows.map((r) => r.title), rows.map((r) => r.body), rows.map((r) => r.path), rows.map((r) => r.createdAt)],
    );
  }

  async insertDeliveries(tx: Tx, rows: ReadonlyArray<{ id: string; tenantId: string; notificationId: string; channel: NotificationChannelName }>, now: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO notification_deliveries (id, tenant_id, notification_id, channel, status, attempts, next_attempt_at, updated_at)
       SELECT d.id, d.tenant_id, d.notification_id, d.channel, 'PENDING', 0, $5, $5 FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[]) AS d(id, tenant_id, notification_id, channel)`,
      [rows.map((r) => r.id), rows.map((r) => r.tenantId), rows.map((r) => r.notificationId), rows.map((r) => r.channel), now],
    );
  }

  /**
   * Takes deliveries due for an attempt (those of `ids` only, when given): each is leased until
   * `leaseUntil`, so another process's sweep leaves it alone while this attempt runs, and counted.
   */
  claim(now: Date, leaseUntil: Date, limit: number, ids: readonly string[] | null): Promise<ClaimedDelivery[]> {
    const params: unknown[] = [now, leaseUntil, limit];
    const only = ids ? `AND id = ANY($${params.push(ids)}::uuid[])` : '';
    return many(
      this.ds,
      `WITH claimed AS (
         UPDATE notification_deliveries d SET attempts = d.attempts + 1, next_attempt_at = $2, updated_at = $1
          WHERE d.id IN (SELECT id FROM notification_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1 ${only}
                          ORDER BY next_attempt_at LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING d.id, d.tenant_id, d.notification_id, d.channel, d.attempts)
       SELECT c.id, c.tenant_id AS "tenantId", c.channel, c.attempts, n.id AS "notificationId", n.user_id AS "userId", n.event, n.title, n.body, n.path,
              u.email, u.mobile, ${RECIPIENT_LANGUAGE} AS language, (u.status = 'ACTIVE' AND u.deleted_at IS NULL) AS active
         FROM claimed c JOIN notifications n ON n.id = c.notification_id JOIN users u ON u.id = n.user_id`,
      params,
    );
  }

  /** The end of an attempt: settled, or PENDING again at `nextAttemptAt`. */
  async settle(id: string, status: 'PENDING' | 'DELIVERED' | 'UNDELIVERED' | 'FAILED', error: string | null, nextAttemptAt: Date | null, now: Date): Promise<void> {
    await exec(
      this.ds,
      `UPDATE notification_deliveries SET status = $2, last_error = $3, next_attempt_at = COALESCE($4, next_attempt_at), updated_at = $5 WHERE id = $1`,
      [id, status, error, nextAttemptAt, now],
    );
  }

  list(tenantId: string, userId: string, limit: number, offset: number): Promise<NotificationRow[]> {
    return many(
      this.ds,
      `SELECT ${NOTIFICATION_COLUMNS} FROM notifications WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [tenantId, userId, limit, offset],
    );
  }

  async unread(tenantId: string, userId: string): Promise<number> {
    const row = await one<{ n: number }>(this.ds, `SELECT count(*)::int AS n FROM notifications WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId]);
    return row!.n;
  }

  /** Keeps the first reading time: reading twice changes nothing. */
  markRead(tenantId: string, userId: string, id: string, now: Date): Promise<NotificationRow | null> {
    return one(
      this.ds,
      `UPDATE notifications SET read_at = COALESCE(read_at, $4) WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING ${NOTIFICATION_COLUMNS}`,
      [tenantId, userId, id, now],
    );
  }

  markAllRead(tenantId: string, userId: string, now: Date): Promise<number> {
    return exec(this.ds, `UPDATE notifications SET read_at = $3 WHERE tenant_id = $1 AND user_id = $2 AND read_at IS NULL`, [tenantId, userId, now]);
  }

  ownPreferences(tenantId: string, userId: string): Promise<PreferenceRow[]> {
    return many(this.ds, `SELECT user_id AS "userId", event, channel, enabled FROM notification_preferences WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId]);
  }

  async hasEmail(tenantId: string, userId: string): Promise<boolean> {
    const row = await one<{ email: string | null }>(this.ds, `SELECT email FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId]);
    return row?.email != null;
  }

  async savePreferences(tx: Tx, tenantId: string, userId: string, rows: ReadonlyArray<{ event: NotificationEvent; channel: NotificationChannelName; enabled: boolean }>, now: Date): Promise<void> {
    await exec(
      tx,
      `INSERT INTO notification_preferences (tenant_id, user_id, event, channel, enabled, updated_at)
       SELECT $1, $2, p.event, p.channel, p.enabled, $6 FROM unnest($3::text[], $4::text[], $5::boolean[]) AS p(event, channel, enabled)
       ON CONFLICT (user_id, event, channel) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = EXCLUDED.updated_at`,
      [tenantId, userId, rows.map((r) => r.event), rows.map((r) => r.channel), rows.map((r) => r.enabled), now],
    );
  }
}
