import { z } from 'zod';
import type { HttpClient } from './provider-http.js';
import {
  asRecord,
  callProvider,
  checkConnection,
  doorEvent,
  doorsOf,
  providerUrl,
  secretString,
  unexpected,
  type AccessProviderAdapter,
  type ExternalDoor,
  type ExternalDoorEvent,
} from './provider-adapter.js';

/**
 * Verkada Access Control (api.verkada.com; api.eu.verkada.com and api.au.verkada.com for other
 * regions), modelled on its public REST API as we understand it:
 * - auth: `POST /token` with the organisation API key in `x-api-key` → `{token}`, then
 *   `x-verkada-auth: <token>`;
 * - `GET /access/v1/doors[?site_ids=<id>]` → `{doors: [{door_id, name, site}]}`, unpaged;
 * - a webhook delivers `{webhook_type, org_id, created_at, data: {event_id, event_type, door_id,
 *   user_id?, user_email?, reason?}}`; `event_type` `door_granted` or `door_rejected` is a door
 *   event, anything else is not.
 */
export const VerkadaConfig = z.strictObject({
  baseUrl: providerUrl('https://api.verkada.com'),
  apiKey: secretString(),
  /** Limits the door list to one site of the organisation. */
  siteId: z.string().trim().min(1).max(200).optional(),
});
export type VerkadaConfig = z.infer<typeof VerkadaConfig>;

const LABEL = 'Verkada';
const EVENT_TYPES = new Map([
  ['door_granted', true],
  ['door_rejected', false],
]);

export class VerkadaAdapter implements AccessProviderAdapter<VerkadaConfig> {
  readonly label = LABEL;
  readonly configSchema = VerkadaConfig;
  readonly secretFields = ['apiKey'];
  readonly addressFields = ['baseUrl'];

  constructor(private readonly http: HttpClient) {}

  testConnection(c: VerkadaConfig) {
    return checkConnection(LABEL, async () => {
      await this.listDoors(c);
    });
  }

  async listDoors(c: VerkadaConfig): Promise<ExternalDoor[]> {
    const token = await this.token(c);
    const query = c.siteId ? `?${new URLSearchParams({ site_ids: c.siteId })}` : '';
    const { json } = await callProvider(this.http, LABEL, {
      method: 'GET',
      url: `${c.baseUrl}/access/v1/doors${query}`,
      headers: { 'x-verkada-auth': token, accept: 'application/json' },
    });
    return doorsOf(LABEL, asRecord(json)?.doors, 'door_id');
  }

  mapEvent(payload: unknown): ExternalDoorEvent[] | null {
    const body = asRecord(payload);
    const data = asRecord(body?.data);
    if (!body || !data) return null;
    const raw = {
      door: data.door_id,
      occurredAt: body.created_at,
      granted: typeof data.event_type === 'string' ? EVENT_TYPES.get(data.event_type) : undefined,
      userRef: data.user_id,
      email: data.user_email,
      eventId: data.event_id,
      reason: data.reason,
    };
    const event = doorEvent(raw, 'Access refused by Verkada');
    return event ? [event] : [];
  }

  private async token(c: VerkadaConfig): Promise<string> {
    const { json } = await callProvider(this.http, LABEL, {
      method: 'POST',
      url: `${c.baseUrl}/token`,
      headers: { 'x-api-key': c.apiKey, accept: 'application/json' },
    });
    const token = asRecord(json)?.token;
    if (typeof token !== 'string' || !token) throw unexpected(LABEL, 'token response');
    return token;
  }
}
