import { z } from 'zod';
import {
  asRecord,
  callProvider,
  countOf,
  doorEvent,
  doorsOf,
  idOf,
  mapEvents,
  providerUrl,
  secretString,
  SessionPagedAdapter,
  unexpected,
  type ExternalDoor,
  type ExternalDoorEvent,
} from './provider-adapter.js';

/**
 * Brivo Access (api.brivo.com), modelled on its public REST API as we understand it:
 * - auth: OAuth 2.0 password grant at `<authUrl>/oauth/token` (an application's client id and
 *   secret as HTTP Basic, an administrator's username and password in the form), plus the
 *   account's API key in an `api-key` header on every call; answers `{access_token}`;
 * - doors are access points: `GET <baseUrl>/access-points?offset&pageSize` →
 *   `{data: [{id, name, siteId}], offset, pageSize, count}`, `count` being the total;
 * - an event subscription delivers `{eventId?, occurred, securityAction: {action, exception},
 *   eventObject: {id, name}, actor: {id, name, email?}, credential?: {id}}` (one, or an array);
 *   `exception: true` marks a refused access.
 */
export const BrivoConfig = z.strictObject({
  baseUrl: providerUrl('https://api.brivo.com/v1/api'),
  authUrl: providerUrl('https://auth.brivo.com'),
  apiKey: secretString(),
  clientId: z.string().trim().min(1).max(500),
  clientSecret: secretString(),
  username: z.string().trim().min(1).max(500),
  password: secretString(),
});
export type BrivoConfig = z.infer<typeof BrivoConfig>;

const LABEL = 'Brivo';

export class BrivoAdapter extends SessionPagedAdapter<BrivoConfig> {
  readonly label = LABEL;
  readonly configSchema = BrivoConfig;
  readonly secretFields = ['apiKey', 'clientSecret', 'password'];
  readonly addressFields = ['baseUrl', 'authUrl'];

  mapEvent(payload: unknown): ExternalDoorEvent[] | null {
    return mapEvents(payload, (e) => {
      const action = asRecord(e.securityAction);
      const actor = asRecord(e.actor);
      const raw = {
        door: asRecord(e.eventObject)?.id,
        occurredAt: e.occurred,
        granted: typeof action?.exception === 'boolean' ? !action.exception : undefined,
        userRef: idOf(asRecord(e.credential)?.id) ?? actor?.id,
        email: actor?.email,
        eventId: e.eventId,
        reason: action?.action,
      };
      return doorEvent(raw, 'Access refused by Brivo');
    });
  }

  protected async session(c: BrivoConfig): Promise<string> {
    const { json } = await callProvider(this.http, LABEL, {
      method: 'POST',
      url: `${c.authUrl}/oauth/token`,
      headers: {
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
        'api-key': c.apiKey,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'password', username: c.username, password: c.password }).toString(),
    });
    const token = asRecord(json)?.access_token;
    if (typeof token !== 'string' || !token) throw unexpected(LABEL, 'token response');
    return token;
  }

  protected async page(c: BrivoConfig, token: string, offset: number, pageSize: number): Promise<{ items: ExternalDoor[]; total: number | null }> {
    const query = new URLSearchParams({ offset: String(offset), pageSize: String(pageSize) });
    const { json } = await callProvider(this.http, LABEL, {
      method: 'GET',
      url: `${c.baseUrl}/access-points?${query}`,
      headers: { authorization: `Bearer ${token}`, 'api-key': c.apiKey, accept: 'application/json' },
    });
    const body = asRecord(json);
    return { items: doorsOf(LABEL, body?.data, 'id'), total: countOf(body?.count) };
  }
}
