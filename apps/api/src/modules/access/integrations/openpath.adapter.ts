import { z } from 'zod';
import type { HttpClient } from './provider-http.js';
import {
  asRecord,
  callProvider,
  checkConnection,
  collectPages,
  doorsOf,
  emailOf,
  eventList,
  idOf,
  instantOf,
  providerUrl,
  secretString,
  textOf,
  unexpected,
  type AccessProviderAdapter,
  type ExternalDoor,
  type ExternalDoorEvent,
} from './provider-adapter.js';

/**
 * Avigilon Alta Access, formerly Openpath (api.openpath.com), modelled on its public REST API as
 * we understand it:
 * - auth: `POST /auth/login` with an API user's `{email, password}` → `{data: {token}}`, then
 *   `Authorization: Bearer <token>`;
 * - doors are entries of an organisation: `GET /orgs/<orgId>/entries?offset&limit` →
 *   `{data: [{id, name}], totalCount}`;
 * - a webhook (an event rule's HTTP action) delivers `{id, time, result, entry: {id}, user?: {id,
 *   email}, reason?}` (one, or an array); `result` is `granted`/`success` or `denied`/`failure`.
 */
export const OpenpathConfig = z.strictObject({
  baseUrl: providerUrl('https://api.openpath.com'),
  orgId: z.number().int().positive(),
  email: z.email(),
  password: secretString(),
});
export type OpenpathConfig = z.infer<typeof OpenpathConfig>;

const LABEL = 'Avigilon Alta';
const PAGE_SIZE = 100;
const GRANTED = new Set(['granted', 'success']);
const DENIED = new Set(['denied', 'failure']);

export class OpenpathAdapter implements AccessProviderAdapter<OpenpathConfig> {
  readonly label = LABEL;
  readonly configSchema = OpenpathConfig;
  readonly secretFields = ['password'];
  readonly addressFields = ['baseUrl'];

  constructor(private readonly http: HttpClient) {}

  testConnection(c: OpenpathConfig) {
    return checkConnection(LABEL, async () => {
      await this.page(c, await this.login(c), 0, 1);
    });
  }

  async listDoors(c: OpenpathConfig): Promise<ExternalDoor[]> {
    const token = await this.login(c);
    return collectPages(LABEL, PAGE_SIZE, (offset) => this.page(c, token, offset, PAGE_SIZE));
  }

  mapEvent(payload: unknown): ExternalDoorEvent[] | null {
    const events = eventList(payload);
    if (!events) return null;
    return events.flatMap((e) => {
      const result = typeof e.result === 'string' ? e.result.toLowerCase() : '';
      const door = idOf(asRecord(e.entry)?.id);
      const occurredAt = instantOf(e.time);
      if (!(GRANTED.has(result) || DENIED.has(result)) || !door || !occurredAt) return [];
      const user = asRecord(e.user);
      const ref = idOf(user?.id);
      const email = emailOf(user?.email);
      const eventId = idOf(e.id);
      const granted = GRANTED.has(result);
      const reason = granted ? undefined : (textOf(e.reason) ?? 'Entry refused by Avigilon Alta');
      return [{ externalDoorId: door, occurredAt, granted, externalUserRef: ref, userEmail: email, externalEventId: eventId, reason }];
    });
  }

  private async login(c: OpenpathConfig): Promise<string> {
    const { json } = await callProvider(this.http, LABEL, {
      method: 'POST',
      url: `${c.baseUrl}/auth/login`,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email: c.email, password: c.password }),
    });
    const token = asRecord(asRecord(json)?.data)?.token;
    if (typeof token !== 'string' || !token) throw unexpected(LABEL, 'login response');
    return token;
  }

  private async page(c: OpenpathConfig, token: string, offset: number, limit: number): Promise<{ items: ExternalDoor[]; total: number | null }> {
    const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
    const { json } = await callProvider(this.http, LABEL, {
      method: 'GET',
      url: `${c.baseUrl}/orgs/${c.orgId}/entries?${query}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = asRecord(json);
    const total = body?.totalCount;
    return { items: doorsOf(LABEL, body?.data, 'id'), total: typeof total === 'number' && Number.isSafeInteger(total) ? total : null };
  }
}
