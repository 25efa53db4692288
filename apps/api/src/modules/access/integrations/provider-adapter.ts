import { z } from 'zod';
import { HttpTransportError, type HttpClient, type HttpRequest, type HttpResponse } from './provider-http.js';

export interface ExternalDoor {
  externalId: string;
  name: string;
}

/** One door event of a provider webhook, in the platform's terms. */
export interface ExternalDoorEvent {
  externalDoorId: string;
  /** The provider's id of the person or credential; becomes the audit row's credentialId. */
  externalUserRef?: string;
  /** When the provider reports one, used to tie the event to a user of the tenant. */
  userEmail?: string;
  /** The provider's event id, so a redelivered webhook does not write a second audit row. */
  externalEventId?: string;
  occurredAt: Date;
  granted: boolean;
  reason?: string;
}

export interface ConnectionCheck {
  ok: boolean;
  message: string;
}

/**
 * One external access-control platform. `config` is what `configSchema` produced: validated,
 * defaults applied. Provider failures surface as ProviderError (listDoors) or `ok: false`
 * (testConnection); an address refused by the egress check propagates as EgressRefusedError
 * (nothing was sent); anything else is a bug and propagates.
 */
export interface AccessProviderAdapter<C extends object = Record<string, unknown>> {
  readonly label: string;
  readonly configSchema: z.ZodType<C>;
  /** Shown as MASKED, never returned; re-sending MASKED in a PATCH keeps the stored value. */
  readonly secretFields: readonly string[];
  /** Where the secrets are sent: a masked secret is kept only while these stay unchanged. */
  readonly addressFields: readonly string[];
  testConnection(config: C): Promise<ConnectionCheck>;
  listDoors(config: C): Promise<ExternalDoor[]>;
  /** Null when the payload is not an event payload of this provider at all. */
  mapEvent(payload: unknown): ExternalDoorEvent[] | null;
}

export const MASKED = '********';

/**
 * A provider failed or refused. The message is shown to the tenant admin and stored as lastError,
 * so it names a coarse outcome only: never the provider's body, what its name resolved to, or how
 * a connection failed (a port-scan oracle if it ever reached an internal host).
 */
export class ProviderError extends Error {}

function isAllowedProviderUrl(value: string): boolean {
  // Refinements run even after the URL format check failed; that failure already has its message.
  if (!URL.canParse(value)) return true;
  const url = new URL(value);
  return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
}

/**
 * A provider address: https, no embedded credentials. Whether its host may be reached is the
 * egress check's business (at save and before every request). Stored without a trailing slash so
 * paths can be appended.
 */
export function providerUrl(defaultUrl: string) {
  return z
    .url()
    .max(500)
    .refine(isAllowedProviderUrl, 'must be an https URL without credentials, query or fragment')
    .transform((u) => u.replace(/\/+$/, ''))
    .default(defaultUrl);
}

export const secretString = () => z.string().trim().min(1).max(1000);

/** Sends one request and returns the parsed JSON of a 2xx answer; every other outcome is a ProviderError. */
export async function callProvider(http: HttpClient, label: string, req: HttpRequest): Promise<{ json: unknown; res: HttpResponse }> {
  let res: HttpResponse;
  try {
    res = await http.send(req);
  } catch (err) {
    if (!(err instanceof HttpTransportError)) throw err;
    if (err.kind === 'too-large') throw new ProviderError(`${label} sent a response larger than the platform accepts`);
    // One message for a refused connection, a TLS failure and a timeout: telling them apart maps ports.
    throw new ProviderError(`${label} could not be reached or did not answer within ${http.timeoutSeconds} s`);
  }
  if (res.status === 401 || res.status === 403) throw new ProviderError(`${label} rejected the credentials (HTTP ${res.status})`);
  if (res.status >= 300 && res.status < 400) throw new ProviderError(`${label} answered with a redirect (HTTP ${res.status}), which is not followed`);
  if (res.status < 200 || res.status >= 300) throw new ProviderError(`${label} answered HTTP ${res.status}`);
  try {
    return { json: res.body ? JSON.parse(res.body) : null, res };
  } catch {
    throw new ProviderError(`${label} sent a response that is not JSON`);
  }
}

export function unexpected(label: string, what: string): ProviderError {
  return new ProviderError(`${label} sent an unexpected ${what}`);
}

/** Runs a connection check, turning a provider failure into `ok: false` with its message. */
export async function checkConnection(label: string, probe: () => Promise<void>): Promise<ConnectionCheck> {
  try {
    await probe();
    return { ok: true, message: `Connected to ${label}` };
  } catch (err) {
    if (err instanceof ProviderError) return { ok: false, message: err.message };
    throw err;
  }
}

/** A sync deletes doors that are not listed, so a truncated list must fail rather than pass as complete. */
const MAX_DOORS = 10_000;

/**
 * Offset paging as the providers do it. A provider may return fewer items than asked for (its own
 * page cap), so the end is the reported total when there is one, else an empty or short page.
 */
export async function collectPages(
  label: string,
  pageSize: number,
  fetchPage: (offset: number) => Promise<{ items: ExternalDoor[]; total: number | null }>,
): Promise<ExternalDoor[]> {
  const doors: ExternalDoor[] = [];
  for (;;) {
    const { items, total } = await fetchPage(doors.length);
    doors.push(...items);
    if (doors.length > MAX_DOORS) throw new ProviderError(`${label} lists more than ${MAX_DOORS} doors, more than one integration can hold`);
    if (items.length === 0) return doors;
    if (total !== null ? doors.length >= total : items.length < pageSize) return doors;
  }
}

export function asRecord(v: unknown): Record<string, unknown> | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

/** Provider ids come as numbers or strings. */
export function idOf(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && v.trim() && v.length <= 200) return v.trim();
  return undefined;
}

export function textOf(v: unknown, max = 200): string | undefined {
  return typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : undefined;
}

export function emailOf(v: unknown): string | undefined {
  return typeof v === 'string' && v.length <= 320 && /^[^\s@]+@[^\s@]+$/.test(v.trim()) ? v.trim() : undefined;
}

/** ISO 8601 with an offset, or Unix seconds. */
export function instantOf(v: unknown): Date | null {
  let d: Date | null = null;
  if (typeof v === 'number' && Number.isFinite(v)) d = new Date(v * 1000);
  else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) d = new Date(v);
  return d && !Number.isNaN(d.getTime()) ? d : null;
}

/**
 * A provider's door list → ExternalDoors. An item without a usable id makes the whole answer
 * unexpected: skipping it would make a sync delete a door that still exists.
 */
export function doorsOf(label: string, items: unknown, idKey: string, nameKey = 'name'): ExternalDoor[] {
  if (!Array.isArray(items)) throw unexpected(label, 'door list');
  return items.map((item) => {
    const externalId = idOf(asRecord(item)?.[idKey]);
    if (!externalId) throw unexpected(label, 'door list');
    return { externalId, name: textOf(asRecord(item)?.[nameKey]) ?? `Door ${externalId}` };
  });
}

/** Accepts one event object or an array of them; null when it is neither. */
export function eventList(payload: unknown): Record<string, unknown>[] | null {
  if (Array.isArray(payload)) return payload.map(asRecord).filter((e): e is Record<string, unknown> => e !== null);
  const one = asRecord(payload);
  return one ? [one] : null;
}

/** A page total the provider reports; null when it reports none, so paging falls back to a short page. */
export function countOf(v: unknown): number | null {
  return typeof v === 'number' && Number.isSafeInteger(v) ? v : null;
}

/** A webhook payload of one event or an array of them → door events; `mapOne` answers null for what is not a door event. */
export function mapEvents(payload: unknown, mapOne: (e: Record<string, unknown>) => ExternalDoorEvent | null): ExternalDoorEvent[] | null {
  const events = eventList(payload);
  return events ? events.flatMap((e) => mapOne(e) ?? []) : null;
}

/** What a provider's event says, read but not yet checked. */
export interface RawDoorEvent {
  door: unknown;
  occurredAt: unknown;
  /** Undefined when the event is not an access decision. */
  granted: boolean | undefined;
  userRef: unknown;
  email: unknown;
  eventId: unknown;
  reason: unknown;
}

/** A door event, or null without a door, a time or a decision; a refusal without a usable reason gets `refusedReason`. */
export function doorEvent(raw: RawDoorEvent, refusedReason: string): ExternalDoorEvent | null {
  const door = idOf(raw.door);
  const occurredAt = instantOf(raw.occurredAt);
  const granted = raw.granted;
  if (granted === undefined || !door || !occurredAt) return null;
  return {
    externalDoorId: door,
    occurredAt,
    granted,
    externalUserRef: idOf(raw.userRef),
    userEmail: emailOf(raw.email),
    externalEventId: idOf(raw.eventId),
    reason: granted ? undefined : (textOf(raw.reason) ?? refusedReason),
  };
}

/**
 * A provider that pages its doors behind a session (a token from a login): the connection check
 * opens a session and reads a one-door page, the door list pages through everything in one session.
 */
export abstract class SessionPagedAdapter<C extends object> implements AccessProviderAdapter<C> {
  abstract readonly label: string;
  abstract readonly configSchema: z.ZodType<C>;
  abstract readonly secretFields: readonly string[];
  abstract readonly addressFields: readonly string[];
  protected readonly pageSize: number = 100;

  constructor(protected readonly http: HttpClient) {}

  protected abstract session(c: C): Promise<string>;
  protected abstract page(c: C, session: string, offset: number, limit: number): Promise<{ items: ExternalDoor[]; total: number | null }>;
  abstract mapEvent(payload: unknown): ExternalDoorEvent[] | null;

  testConnection(c: C): Promise<ConnectionCheck> {
    return checkConnection(this.label, async () => {
      await this.page(c, await this.session(c), 0, 1);
    });
  }

  async listDoors(c: C): Promise<ExternalDoor[]> {
    const session = await this.session(c);
    return collectPages(this.label, this.pageSize, (offset) => this.page(c, session, offset, this.pageSize));
  }
}
