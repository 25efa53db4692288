import { z } from 'zod';
import {
  asRecord,
  callProvider,
  countOf,
  doorEvent,
  doorsOf,
  mapEvents,
  providerUrl,
  secretString,
  SessionPagedAdapter,
  unexpected,
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
/** Whether each result that is an access decision granted entry; other results are not door events. */
const RESULTS = new Map([
  ['granted', true],
  ['success', true],
  ['denied', false],
  ['failure', false],
]);

export class OpenpathAdapter extends SessionPagedAdapter<OpenpathConfig> {
  readonly label = LABEL;
  readonly configSchema = OpenpathConfig;
  readonly secretFields = ['password'];
  readonly addressFields = ['baseUrl'];

  mapEvent(payload: unknown): ExternalDoorEvent[] | null {
    return mapEvents(payload, (e) => {
      const result = typeof e.result === 'string' ? e.result.toLowerCase() : '';
      const user = asRecord(e.user);
      const raw = {
        door: asRecord(e.entry)?.id,
        occurredAt: e.time,
        granted: RESULTS.get(result),
        userRef: user?.id,
        email: user?.email,
        eventId: e.id,
        reason: e.reason,
      };
      return doorEvent(raw, 'Entry refused by Avigilon Alta');
    });
  }

  protected async session(c: OpenpathConfig): Promise<string> {
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

  protected async page(c: OpenpathConfig, token: string, offset: number, limit: number): Promise<{ items: ExternalDoor[]; total: number | null }> {
    const query = new URLSearchParams({ offset: String(offset), limit: String(limit) });
    const { json } = await callProvider(this.http, LABEL, {
      method: 'GET',
      url: `${c.baseUrl}/orgs/${c.orgId}/entries?${query}`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    const body = asRecord(json);
    return { items: doorsOf(LABEL, body?.data, 'id'), total: countOf(body?.totalCount) };
  }
}
