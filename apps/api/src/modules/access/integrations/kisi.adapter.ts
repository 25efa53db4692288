import { z } from 'zod';
import type { HttpClient } from './provider-http.js';
import {
  callProvider,
  checkConnection,
  collectPages,
  doorsOf,
  doorEvent,
  mapEvents,
  providerUrl,
  secretString,
  type AccessProviderAdapter,
  type ExternalDoor,
  type ExternalDoorEvent,
} from './provider-adapter.js';

/**
 * Kisi (api.kisi.io), modelled on its public REST API as we understand it:
 * - auth: an organisation API key in `Authorization: KISI-LOGIN <key>`;
 * - `GET /user` answers for any valid key (the connection check);
 * - doors are locks: `GET /locks?limit&offset[&place_id]` → a JSON array of `{id, name, place_id}`,
 *   with the total in `X-Collection-Range: <first>-<last>/<total>`;
 * - a webhook delivers event objects `{id, action, object_type, object_id, actor_id, actor_email,
 *   success, message, created_at}` (one, or an array); only `unlock` on a `Lock` is a door event.
 */
export const KisiConfig = z.strictObject({
  baseUrl: providerUrl('https://api.kisi.io'),
  apiKey: secretString(),
  /** Limits the door list to one place (site) of the organisation. */
  placeId: z.number().int().positive().optional(),
});
export type KisiConfig = z.infer<typeof KisiConfig>;

const LABEL = 'Kisi';
const PAGE_SIZE = 100;

function headers(c: KisiConfig): Record<string, string> {
  return { authorization: `KISI-LOGIN ${c.apiKey}`, accept: 'application/json' };
}

function totalFrom(range: string | null): number | null {
  const m = range ? /\/(\d+)\s*$/.exec(range) : null;
  return m ? Number(m[1]) : null;
}

export class KisiAdapter implements AccessProviderAdapter<KisiConfig> {
  readonly label = LABEL;
  readonly configSchema = KisiConfig;
  readonly secretFields = ['apiKey'];
  readonly addressFields = ['baseUrl'];

  constructor(private readonly http: HttpClient) {}

  testConnection(c: KisiConfig) {
    return checkConnection(LABEL, async () => {
      await callProvider(this.http, LABEL, { method: 'GET', url: `${c.baseUrl}/user`, headers: headers(c) });
    });
  }

  listDoors(c: KisiConfig): Promise<ExternalDoor[]> {
    return collectPages(LABEL, PAGE_SIZE, async (offset) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) });
      if (c.placeId !== undefined) query.set('place_id', String(c.placeId));
      const { json, res } = await callProvider(this.http, LABEL, { method: 'GET', url: `${c.baseUrl}/locks?${query}`, headers: headers(c) });
      return { items: doorsOf(LABEL, json, 'id'), total: totalFrom(res.headers.get('x-collection-range')) };
    });
  }

  mapEvent(payload: unknown): ExternalDoorEvent[] | null {
    return mapEvents(payload, (e) => {
      if (e.action !== 'unlock' || e.object_type !== 'Lock') return null;
      const raw = {
        door: e.object_id,
        occurredAt: e.created_at,
        granted: typeof e.success === 'boolean' ? e.success : undefined,
        userRef: e.actor_id,
        email: e.actor_email,
        eventId: e.id,
        reason: e.message,
      };
      return doorEvent(raw, 'Unlock refused by Kisi');
    });
  }
}
