import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import type { RequestOptions } from 'node:https';
import { UnprocessableEntityError } from '@wfm/core/errors';

/**
 * The egress check (spec 03, rule 5), for every outbound call to an address a tenant chose (webhook
 * receivers, access-control providers): https only, and only public addresses. Every address a
 * host resolves to must pass, because an attacker controlling DNS can return a public and a
 * private address together and let the client pick. The address that passed is returned so the
 * caller connects to exactly it (no second lookup that a rebinding DNS server could answer
 * differently).
 *
 * A refusal never tells what a host name resolved to, nor why it did not resolve: the reasons end
 * up in tenants' responses and delivery logs, and the API's resolver may see internal zones.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export type AddressClass =
  | 'cloud-metadata'
  | 'broadcast'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'CGNAT'
  | 'unique-local'
  | 'site-local'
  | 'multicast'
  | 'reserved';

type Rule = readonly [cidr: string, prefix: number];

// Most specific classes first: 169.254.169.254 is reported as cloud-metadata, not link-local.
const RULES: ReadonlyArray<readonly [AddressClass, ReadonlyArray<Rule>]> = [
  [
    'cloud-metadata',
    [
      ['169.254.169.254', 32], // AWS, GCP, Azure IMDS, OpenStack, DigitalOcean, Oracle
      ['169.254.170.2', 32], // AWS ECS task metadata
      ['100.100.100.200', 32], // Alibaba Cloud
      ['168.63.129.16', 32], // Azure WireServer: a public address that answers only inside Azure
      ['192.0.0.192', 32], // Oracle Cloud (classic)
      ['fd00:ec2::254', 128], // AWS IMDS over IPv6
    ],
  ],
  ['broadcast', [['255.255.255.255', 32]]],
  [
    'unspecified',
    [
      ['0.0.0.0', 8],
      ['::', 128],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  ['CGNAT', [['100.64.0.0', 10]]],
  ['unique-local', [['fc00::', 7]]],
  ['site-local', [['fec0::', 10]]],
  [
    'multicast',
    [
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ],
  ],
  [
    'reserved',
    [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['192.0.2.0', 24], // documentation
      ['198.51.100.0', 24], // documentation
      ['203.0.113.0', 24], // documentation
      ['198.18.0.0', 15], // benchmarking
      ['192.88.99.0', 24], // 6to4 relay anycast
      ['240.0.0.0', 4], // future use
      ['100::', 64], // discard-only
      ['2001:db8::', 32], // documentation
      ['3fff::', 20], // documentation
      ['2001:2::', 48], // benchmarking
      ['2001:10::', 28], // ORCHID
      ['2001:20::', 28], // ORCHIDv2
      ['64:ff9b:1::', 48], // local-use NAT64: the embedding is site-defined, so nothing inside can be checked
    ],
  ],
];

const CLASS_LISTS: ReadonlyArray<readonly [AddressClass, BlockList]> = RULES.map(([cls, rules]) => {
  const list = new BlockList();
  for (const [net, prefix] of rules) list.addSubnet(net, prefix, isIP(net) === 6 ? 'ipv6' : 'ipv4');
  return [cls, list] as const;
});

function familyName(address: string): 'ipv4' | 'ipv6' {
  return isIP(address) === 6 ? 'ipv6' : 'ipv4';
}

/** Parses an IPv6 address (optionally with a zone and a trailing dotted quad) into 16 bytes. */
export function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.split('%')[0]!;
  if (isIP(text) !== 6) return null;
  const dotted = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(2).map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groupsOf = (s: string) => (s === '' ? [] : s.split(':').map((g) => parseInt(g, 16)));
  const halves = text.split('::');
  let groups: number[];
  if (halves.length === 2) {
    const head = groupsOf(halves[0]!);
    const tail = groupsOf(halves[1]!);
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    groups = groupsOf(text);
  }
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    bytes[i * 2] = g >> 8;
    bytes[i * 2 + 1] = g & 0xff;
  });
  return bytes;
}

function v4(bytes: Uint8Array, at: number, xor = 0): string {
  return Array.from(bytes.subarray(at, at + 4), (b) => b ^ xor).join('.');
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/**
 * The IPv4 address an IPv6 address carries by a standard embedding, if any: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), SIIT-translated (::ffff:0:a.b.c.d), NAT64
 * well-known prefix (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::) and Teredo (client address,
 * stored inverted). A gateway on the path may turn these into the IPv4 address they carry.
 */
export function embeddedIPv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const zeros = (n: number) => new Array<number>(n).fill(0);
  if (startsWith(b, [...zeros(10), 0xff, 0xff])) return v4(b, 12);
  if (startsWith(b, [...zeros(8), 0xff, 0xff, 0, 0])) return v4(b, 12);
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return v4(b, 12);
  // :: and ::1 match here too, but they are classified in their own right before this is asked.
  if (startsWith(b, zeros(12))) return v4(b, 12);
  if (startsWith(b, [0x20, 0x02])) return v4(b, 2);
  if (startsWith(b, [0x20, 0x01, 0, 0])) return v4(b, 12, 0xff);
  return null;
}

/** The class of a non-public address, or null for a public one. */
export function addressClass(address: string): AddressClass | null {
  const plain = address.split('%')[0]!;
  const family = familyName(plain);
  for (const [cls, list] of CLASS_LISTS) if (list.check(plain, family)) return cls;
  return null;
}

interface Refusal {
  address: string;
  cls: AddressClass;
  embedded: string | null;
}

function refusalOf(address: string): Refusal | null {
  const inner = familyName(address) === 'ipv6' ? embeddedIPv4(address) : null;
  const innerCls = inner ? addressClass(inner) : null;
  const cls = addressClass(address) ?? innerCls;
  if (!cls) return null;
  // BlockList already matches IPv4-mapped addresses against IPv4 ranges; name the inner address either way.
  return { address, cls, embedded: innerCls === cls ? inner : null };
}

/**
 * `WEBHOOK_ALLOWED_TARGETS`: comma-separated host names (exact, case-insensitive) and IP
 * addresses or CIDR ranges, for on-premise receivers and tests. A listed host may resolve to any
 * address; an address in a listed range passes whatever its class.
 */
export interface AllowedTargets {
  readonly hosts: ReadonlySet<string>;
  readonly networks: BlockList;
  readonly entries: readonly string[];
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

export function parseAllowedTargets(value: string | readonly string[]): AllowedTargets {
  const entries = (typeof value === 'string' ? value.split(',') : [...value]).map((s) => s.trim()).filter((s) => s !== '');
  const hosts = new Set<string>();
  const networks = new BlockList();
  for (const entry of entries) {
    const [net, prefixText, extra] = entry.split('/');
    const family = isIP(net!);
    if (family) {
      const max = family === 6 ? 128 : 32;
      const prefix = prefixText === undefined ? max : Number(prefixText);
      if (extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > max || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
        throw new Error(`WEBHOOK_ALLOWED_TARGETS: "${entry}" is not a valid CIDR range`);
      }
      networks.addSubnet(net!, prefix, family === 6 ? 'ipv6' : 'ipv4');
    } else if (prefixText === undefined && HOSTNAME.test(entry)) {
      hosts.add(normaliseHost(entry));
    } else {
      throw new Error(`WEBHOOK_ALLOWED_TARGETS: "${entry}" is neither a host name nor an IP address or CIDR range`);
    }
  }
  return { hosts, networks, entries };
}

export const NO_ALLOWED_TARGETS: AllowedTargets = parseAllowedTargets('');

function normaliseHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, '');
}

export interface EgressOptions {
  allowedTargets: AllowedTargets;
  resolver?: Resolver;
  /** Default 5 s; attempts pass resolveTimeoutMs(timeout) so DNS fits in their lease. */
  resolveTimeoutMs?: number;
}

export type EgressResult =
  | { ok: true; host: string; address: string; family: 4 | 6 }
  | { ok: false; reason: string };

const ONLY_PUBLIC = 'only public addresses may be reached';

/** For an IP literal only: the tenant wrote the address, so naming its class reveals nothing. */
function describe(r: Refusal): string {
  return r.embedded ? `${r.address} (embeds ${r.embedded}: ${r.cls} address)` : `${r.address} (${r.cls} address)`;
}

/** One answer whether the name does not resolve or resolves to a non-public address: which one is internal DNS knowledge. */
function hostRefused(host: string): EgressResult {
  return { ok: false, reason: `Egress check: ${host} does not resolve, or resolves to an address that is not public; ${ONLY_PUBLIC}` };
}

async function resolveWithin(resolver: Resolver, host: string, ms: number): Promise<ResolvedAddress[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`DNS lookup timed out after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([resolver(host), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkEgress(url: string, opts: EgressOptions): Promise<EgressResult> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: 'Egress check: url is not a valid URL' };
  }
  if (parsed.protocol !== 'https:') return { ok: false, reason: 'Egress check: url must use https' };
  // WHATWG parsing already turned 0x7f.1 or 2130706433 into 127.0.0.1; IPv6 literals keep brackets.
  const host = normaliseHost(parsed.hostname.replace(/^\[(.*)\]$/, '$1'));
  const literal = isIP(host);
  const hostAllowed = opts.allowedTargets.hosts.has(host);

  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await resolveWithin(opts.resolver ?? systemResolver, host, opts.resolveTimeoutMs ?? 5000);
    } catch {
      return hostRefused(host);
    }
    if (addresses.length === 0) return hostRefused(host);
  }

  if (!hostAllowed) {
    for (const a of addresses) {
      if (opts.allowedTargets.networks.check(a.address.split('%')[0]!, familyName(a.address))) continue;
      const refusal = refusalOf(a.address);
      if (refusal) return literal ? { ok: false, reason: `Egress check: ${describe(refusal)}; ${ONLY_PUBLIC}` } : hostRefused(host);
    }
  }
  const first = addresses[0]!;
  return { ok: true, host, address: first.address, family: first.family };
}

/**
 * Makes a connection go to the checked address whatever the name resolves to by then; TLS still
 * verifies the certificate against the URL's host name. For the `lookup` option of http(s).request.
 */
export function pinnedLookup(pinned: { address: string; family: 4 | 6 }): NonNullable<RequestOptions['lookup']> {
  return ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (opts?.all) cb(null, [{ address: pinned.address, family: pinned.family }]);
    else cb(null, pinned.address, pinned.family);
  }) as NonNullable<RequestOptions['lookup']>;
}

/** The API's form of the check: a refusal is 422 on create, update and test (spec 03, Errors). */
export class EgressRefusedError extends UnprocessableEntityError {}

export async function requireEgress(url: string, opts: EgressOptions): Promise<{ host: string; address: string; family: 4 | 6 }> {
  const result = await checkEgress(url, opts);
  if (!result.ok) throw new EgressRefusedError(result.reason);
  return result;
}
