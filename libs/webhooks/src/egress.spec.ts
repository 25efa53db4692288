import { expect } from 'chai';
import {
  addressClass,
  checkEgress,
  embeddedIPv4,
  EgressRefusedError,
  ipv6Bytes,
  NO_ALLOWED_TARGETS,
  parseAllowedTargets,
  requireEgress,
  type ResolvedAddress,
  type Resolver,
} from './egress.js';

function resolverOf(table: Record<string, string[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const fn = async (host: string): Promise<ResolvedAddress[]> => {
    calls.push(host);
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(fn, { calls });
}

const none = resolverOf({});

const HOST_REFUSED = (host: string) =>
  `Egress check: ${host} does not resolve, or resolves to an address that is not public; only public addresses may be reached`;

async function refusedLiteral(address: string): Promise<string> {
  const host = address.includes(':') ? `[${address}]` : address;
  const r = await checkEgress(`https://${host}/hook`, { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
  expect(r.ok, `${address} should be refused`).to.equal(false);
  return (r as { reason: string }).reason;
}

describe('egress check', () => {
  describe('address classes', () => {
    const cases: Array<[string, string]> = [
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['172.31.255.255', 'private'],
      ['192.168.1.1', 'private'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['169.254.1.1', 'link-local'],
      ['169.254.169.254', 'cloud-metadata'],
      ['169.254.170.2', 'cloud-metadata'],
      ['100.100.100.200', 'cloud-metadata'],
      ['100.64.0.1', 'CGNAT'],
      ['100.127.255.254', 'CGNAT'],
      ['0.0.0.0', 'unspecified'],
      ['0.1.2.3', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.250', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['240.0.0.1', 'reserved'],
      ['192.0.2.10', 'reserved'],
      ['198.18.0.1', 'reserved'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456::1', 'unique-local'],
      ['fd00:ec2::254', 'cloud-metadata'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'reserved'],
      ['64:ff9b:1::a00:1', 'reserved'],
    ];
    for (const [address, cls] of cases) {
      it(`${address} is ${cls}`, () => {
        expect(addressClass(address)).to.equal(cls);
      });
    }

    for (const address of ['8.8.8.8', '1.1.1.1', '100.63.255.255', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4009:81f::200e']) {
      it(`${address} is public`, () => {
        expect(addressClass(address)).to.equal(null);
      });
    }
  });

  describe('IPv4 embedded in IPv6', () => {
    it('parses IPv6 text into bytes, dotted tails and zones included', () => {
      expect(Array.from(ipv6Bytes('::ffff:10.0.0.1')!)).to.deep.equal([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 10, 0, 0, 1]);
      expect(Array.from(ipv6Bytes('fe80::1%eth0')!)).to.deep.equal([0xfe, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
      expect(Array.from(ipv6Bytes('1:2:3:4:5:6:7:8')!)).to.deep.equal([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
      expect(ipv6Bytes('10.0.0.1')).to.equal(null);
    });

    const embeddings: Array<[string, string, string]> = [
      ['::ffff:10.0.0.1', '10.0.0.1', 'IPv4-mapped'],
      ['::ffff:a00:1', '10.0.0.1', 'IPv4-mapped, hex form'],
      ['::ffff:169.254.169.254', '169.254.169.254', 'IPv4-mapped metadata'],
      ['::127.0.0.1', '127.0.0.1', 'IPv4-compatible'],
      ['::ffff:0:192.168.0.1', '192.168.0.1', 'SIIT-translated'],
      ['64:ff9b::a9fe:a9fe', '169.254.169.254', 'NAT64 well-known prefix'],
      ['64:ff9b::10.1.2.3', '10.1.2.3', 'NAT64, dotted'],
      ['2002:c0a8:101::1', '192.168.1.1', '6to4'],
      ['2001:0:4136:e378:8000:63bf:f5ff:fffe', '10.0.0.1', 'Teredo client (inverted)'],
    ];
    for (const [address, inner, kind] of embeddings) {
      it(`${kind}: ${address} carries ${inner} and is refused`, async () => {
        expect(embeddedIPv4(address)).to.equal(inner);
        const reason = await refusedLiteral(address);
        expect(reason).to.contain(inner);
      });
    }

    it('a NAT64 address of a public IPv4 host passes', async () => {
      const r = await checkEgress('https://[64:ff9b::808:808]/', { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
      expect(r.ok).to.equal(true);
    });
  });

  describe('checkEgress', () => {
    it('refuses a URL that is not https', async () => {
      const r = await checkEgress('http://example.com/hook', { allowedTargets: NO_ALLOWED_TARGETS, resolver: resolverOf({ 'example.com': ['93.184.216.34'] }) });
      expect(r).to.deep.equal({ ok: false, reason: 'Egress check: url must use https' });
    });

    it('refuses text that is not a URL', async () => {
      const r = await checkEgress('not a url', { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
      expect(r.ok).to.equal(false);
    });

    it('passes a public host and returns the address to pin, resolving once', async () => {
      const resolver = resolverOf({ 'hooks.example.com': ['93.184.216.34', '2606:2800:220:1::1'] });
      const r = await checkEgress('https://Hooks.Example.com./in?x=1', { allowedTargets: NO_ALLOWED_TARGETS, resolver });
      expect(r).to.deep.equal({ ok: true, host: 'hooks.example.com', address: '93.184.216.34', family: 4 });
      expect(resolver.calls).to.deep.equal(['hooks.example.com']);
    });

    it('refuses a name that resolves to a private address, naming the host but not what it resolved to', async () => {
      const r = await checkEgress('https://intranet.example.com/', {
        allowedTargets: NO_ALLOWED_TARGETS,
        resolver: resolverOf({ 'intranet.example.com': ['10.1.2.3'] }),
      });
      expect(r).to.deep.equal({ ok: false, reason: HOST_REFUSED('intranet.example.com') });
    });

    it('refuses a name with several addresses when any one is not public', async () => {
      const r = await checkEgress('https://mixed.example.com/', {
        allowedTargets: NO_ALLOWED_TARGETS,
        resolver: resolverOf({ 'mixed.example.com': ['93.184.216.34', '2606:2800:220:1::1', '169.254.169.254'] }),
      });
      expect(r).to.deep.equal({ ok: false, reason: HOST_REFUSED('mixed.example.com') });
    });

    it('refuses a name resolving to an IPv4-mapped private address', async () => {
      const r = await checkEgress('https://sneaky.example.com/', {
        allowedTargets: NO_ALLOWED_TARGETS,
        resolver: resolverOf({ 'sneaky.example.com': ['::ffff:10.0.0.1'] }),
      });
      expect(r).to.deep.equal({ ok: false, reason: HOST_REFUSED('sneaky.example.com') });
    });

    it('refuses a name that does not resolve, or resolves to nothing, with the same words as a private one and without the resolver error', async () => {
      const r1 = await checkEgress('https://nowhere.invalid/', { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
      expect(r1).to.deep.equal({ ok: false, reason: HOST_REFUSED('nowhere.invalid') });
      const r2 = await checkEgress('https://empty.example.com/', { allowedTargets: NO_ALLOWED_TARGETS, resolver: resolverOf({ 'empty.example.com': [] }) });
      expect(r2).to.deep.equal({ ok: false, reason: HOST_REFUSED('empty.example.com') });
    });

    it('refuses when resolution hangs past the limit', async () => {
      const r = await checkEgress('https://slow.example.com/', {
        allowedTargets: NO_ALLOWED_TARGETS,
        resolver: () => new Promise(() => undefined),
        resolveTimeoutMs: 20,
      });
      expect(r).to.deep.equal({ ok: false, reason: HOST_REFUSED('slow.example.com') });
    });

    it('sees through alternative IPv4 spellings (hex, decimal) and localhost', async () => {
      for (const url of ['https://0x7f.1/', 'https://2130706433/', 'https://[::ffff:7f00:1]/']) {
        const r = await checkEgress(url, { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
        expect(r.ok, url).to.equal(false);
      }
      const r = await checkEgress('https://localhost/', { allowedTargets: NO_ALLOWED_TARGETS, resolver: resolverOf({ localhost: ['127.0.0.1', '::1'] }) });
      expect(r.ok).to.equal(false);
    });

    it('refuses every listed class as an IP literal, IPv4 and IPv6', async () => {
      for (const address of ['10.0.0.1', '127.0.0.1', '169.254.169.254', 'fd00:ec2::254', '100.64.0.1', '0.0.0.0', '::', '::1', '224.0.0.1', 'ff02::1', '255.255.255.255', 'fe80::1', 'fc00::1']) {
        await refusedLiteral(address);
      }
    });
  });

  describe('WEBHOOK_ALLOWED_TARGETS', () => {
    it('exempts addresses inside a listed CIDR range, and only those', async () => {
      const allowedTargets = parseAllowedTargets('127.0.0.1/32, 10.20.0.0/16');
      const resolver = resolverOf({ 'onprem.corp': ['10.20.3.4'], 'other.corp': ['10.21.0.1'] });
      expect((await checkEgress('https://127.0.0.1:8443/', { allowedTargets, resolver })).ok).to.equal(true);
      expect((await checkEgress('https://onprem.corp/', { allowedTargets, resolver })).ok).to.equal(true);
      expect((await checkEgress('https://other.corp/', { allowedTargets, resolver })).ok).to.equal(false);
      expect((await checkEgress('https://127.0.0.2/', { allowedTargets, resolver })).ok).to.equal(false);
    });

    it('a range exemption covers the IPv4-mapped form of its addresses', async () => {
      const allowedTargets = parseAllowedTargets('127.0.0.1');
      expect((await checkEgress('https://[::ffff:127.0.0.1]/', { allowedTargets, resolver: none })).ok).to.equal(true);
    });

    it('exempts a listed host whatever it resolves to, but it must still resolve', async () => {
      const allowedTargets = parseAllowedTargets('hooks.internal');
      const resolver = resolverOf({ 'hooks.internal': ['192.168.10.10'] });
      const r = await checkEgress('https://HOOKS.internal/x', { allowedTargets, resolver });
      expect(r).to.deep.equal({ ok: true, host: 'hooks.internal', address: '192.168.10.10', family: 4 });
      expect((await checkEgress('https://hooks.internal/x', { allowedTargets, resolver: none })).ok).to.equal(false);
      expect((await checkEgress('https://sub.hooks.internal/x', { allowedTargets, resolver: resolverOf({ 'sub.hooks.internal': ['192.168.10.10'] }) })).ok).to.equal(false);
    });

    it('still refuses non-https URLs to an allowed target', async () => {
      const r = await checkEgress('http://127.0.0.1/', { allowedTargets: parseAllowedTargets('127.0.0.1'), resolver: none });
      expect(r.ok).to.equal(false);
    });

    it('rejects malformed entries', () => {
      for (const bad of ['10.0.0.0/33', '10.0.0.0/8/1', 'not a host', '::1/129', 'host/24', '10.0.0.0/x']) {
        expect(() => parseAllowedTargets(bad), bad).to.throw(/WEBHOOK_ALLOWED_TARGETS/);
      }
      expect(parseAllowedTargets(' a.example, ,::1/128 ').entries).to.deep.equal(['a.example', '::1/128']);
    });
  });

  it('requireEgress throws a 422 naming the reason', async () => {
    try {
      await requireEgress('https://10.0.0.1/', { allowedTargets: NO_ALLOWED_TARGETS, resolver: none });
      expect.fail('should throw');
    } catch (err) {
      expect(err).to.be.instanceOf(EgressRefusedError);
      expect((err as EgressRefusedError).status).to.equal(422);
      expect((err as EgressRefusedError).body()).to.deep.equal({
        message: 'Egress check: 10.0.0.1 (private address); only public addresses may be reached',
        error: 'Unprocessable Entity',
        statusCode: 422,
      });
    }
  });
});
