import { expect } from 'chai';
import { DaemonHarness, type TenantFixture } from './test-support/daemon-harness.js';

const DENY = (reason: string) => ({ decision: 'DENY', reason });

describe('access daemon: POST /api/v1/access/verify (HTTP, real database)', () => {
  let h: DaemonHarness;
  let t: TenantFixture;
  let zoneId: string;
  let userId: string;
  let cred: string;

  before(async () => {
    h = await DaemonHarness.start();
  });
  after(async () => h.stop());

  beforeEach(async () => {
    h.clock.set('2026-01-05T10:00:00Z');
    t = await h.tenant();
    zoneId = await h.zone(t.tenantId, { name: 'Main door', readerIds: ['reader-1'] });
    userId = await h.user(t.tenantId, 'Ada Lovelace');
    await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    cred = h.credential(t, userId);
  });

  /** Taps one after another, a second apart, so audit rows order by time. */
  async function tap(body: Record<string, unknown>, key: TenantFixture | string = t) {
    h.clock.advance(1000);
    return h.verify(key, body);
  }

  describe('authentication', () => {
    it('is a bare 401 without a key, with an unknown key, and with a user JWT', async () => {
      for (const key of [undefined, 'mk_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln']) {
        const res = await h.post('/api/v1/access/verify', { credentialId: cred, readerId: 'reader-1' }, key);
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      }
    });

    it('is 402 when the tenant is on FREE or BASIC', async () => {
      for (const plan of ['FREE', 'BASIC'] as const) {
        const other = await h.tenant(plan);
        await h.reload();
        const res = await h.verify(other, { credentialId: 'x', readerId: 'reader-1' });
        expect(res.status).to.equal(402);
        expect(res.body).to.include({ error: 'Payment Required', statusCode: 402 });
      }
    });
  });

  describe('decisions (spec 02, Errors: reasons and audit types)', () => {
    it('grants with userId, userName, zoneId, zoneName and writes one GRANTED row', async () => {
      const res = await tap({ credentialId: cred, readerId: 'reader-1' });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ decision: 'GRANT', userId, userName: 'Ada Lovelace', zoneId, zoneName: 'Main door' });
      const rows = await h.auditRows(t.tenantId);
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ userId, zoneId, readerId: 'reader-1', eventType: 'GRANTED', reason: null, source: 'BRIDGE_HTTP' });
      expect(rows[0]!.credentialId).to.not.equal(cred);
    });

    it('Unknown reader: no readerId, or a reader bound to no zone (audit zoneId null)', async () => {
      expect((await tap({ credentialId: cred })).body).to.deep.equal(DENY('Unknown reader'));
      expect((await tap({ credentialId: cred, readerId: 'nowhere' })).body).to.deep.equal(DENY('Unknown reader'));
      const rows = await h.auditRows(t.tenantId);
      expect(rows.map((r) => [r.eventType, r.zoneId, r.reason])).to.deep.equal([
        ['UNKNOWN_READER', null, 'Unknown reader'],
        ['UNKNOWN_READER', null, 'Unknown reader'],
      ]);
    });

    it('Zone inactive', async () => {
      await h.ds.query(`UPDATE access_zones SET active = false WHERE id = $1`, [zoneId]);
      await h.reload();
      expect((await tap({ credentialId: cred, readerId: 'reader-1' })).body).to.deep.equal(DENY('Zone inactive'));
      expect((await h.auditRows(t.tenantId))[0]).to.include({ eventType: 'DENIED_ZONE_INACTIVE', zoneId });
    });

    it('Unknown credential: garbage, bad signature, expired, or another tenant (userId null)', async () => {
      const other = await h.tenant();
      await h.reload();
      const foreign = h.credential(other, userId);
      const [head, body] = cred.split('.');
      const forged = `${head}.${body}.${'A'.repeat(86)}`;
      const shortLived = h.credential(t, userId, { lifetimeS: 60 });
      for (const credentialId of ['not-a-jwt', forged, foreign]) {
        expect((await tap({ credentialId, readerId: 'reader-1' })).body).to.deep.equal(DENY('Unknown credential'));
      }
      h.clock.advance(61_000);
      expect((await tap({ credentialId: shortLived, readerId: 'reader-1' })).body).to.deep.equal(DENY('Unknown credential'));
      const rows = await h.auditRows(t.tenantId);
      expect(rows.map((r) => [r.eventType, r.userId])).to.deep.equal(Array(4).fill(['UNKNOWN_CREDENTIAL', null]));
    });

    it('No access to this zone: never granted', async () => {
      const stranger = await h.user(t.tenantId, 'Bob');
      expect((await tap({ credentialId: h.credential(t, stranger), readerId: 'reader-1' })).body).to.deep.equal(DENY('No access to this zone'));
      expect((await h.auditRows(t.tenantId))[0]).to.include({ eventType: 'DENIED_NO_GRANT', userId: stranger, zoneId });
    });

    it('Access expired on the first refused tap only, then No access to this zone; the grant is EXPIRED', async () => {
      const late = await h.user(t.tenantId, 'Late');
      const grantId = await h.grant(t.tenantId, { userId: late }, zoneId, new Date('2026-01-05T10:00:30Z'));
      await h.reload();
      const c = h.credential(t, late);
      expect((await tap({ credentialId: c, readerId: 'reader-1' })).body).to.include({ decision: 'GRANT' });
      h.clock.advance(60_000);
      expect((await tap({ credentialId: c, readerId: 'reader-1' })).body).to.deep.equal(DENY('Access expired'));
      h.clock.advance(5_000);
      expect((await tap({ credentialId: c, readerId: 'reader-1' })).body).to.deep.equal(DENY('No access to this zone'));
      await h.daemon.expiries.flush();
      const [{ status }] = await h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [grantId]);
      expect(status).to.equal('EXPIRED');
      expect((await h.auditRows(t.tenantId)).map((r) => r.eventType)).to.deep.equal(['GRANTED', 'DENIED_EXPIRED', 'DENIED_NO_GRANT']);
    });

    it('Zone closed today and Outside allowed hours, in the tenant timezone', async () => {
      const ny = await h.tenant('ENTERPRISE', 'America/New_York');
      const z = await h.zone(ny.tenantId, { readerIds: ['ny-door'], hoursJson: { MON: [['09:00', '17:00']] } });
      const u = await h.user(ny.tenantId);
      await h.grant(ny.tenantId, { userId: u }, z);
      await h.reload();
      const c = h.credential(ny, u);
      h.clock.set('2026-01-05T13:59:00Z'); // Monday 08:59 in New York
      expect((await tap({ credentialId: c, readerId: 'ny-door' }, ny)).body).to.deep.equal(DENY('Outside allowed hours'));
      h.clock.set('2026-01-05T14:30:00Z'); // Monday 09:30
      expect((await tap({ credentialId: c, readerId: 'ny-door' }, ny)).body).to.include({ decision: 'GRANT' });
      h.clock.set('2026-01-06T14:30:00Z'); // Tuesday
      expect((await tap({ credentialId: h.credential(ny, u), readerId: 'ny-door' }, ny)).body).to.deep.equal(DENY('Zone closed today'));
      expect((await h.auditRows(ny.tenantId)).map((r) => r.eventType)).to.deep.equal(['DENIED_OUTSIDE_HOURS', 'GRANTED', 'DENIED_OUTSIDE_HOURS']);
    });

    it('a visitor credential opens only its pass zones, answering with the visitor name and no userId', async () => {
      const lobby = await h.zone(t.tenantId, { name: 'Lobby', readerIds: ['lobby'] });
      const passId = await h.pass(t.tenantId, 'Grace Hopper', new Date('2026-01-06T00:00:00Z'));
      await h.grant(t.tenantId, { visitorPassId: passId }, lobby, new Date('2026-01-06T00:00:00Z'));
      await h.reload();
      const v = h.credential(t, passId, { visitorZones: [lobby], lifetimeS: 3600 });
      expect((await tap({ credentialId: v, readerId: 'lobby' })).body).to.deep.equal({ decision: 'GRANT', userName: 'Grace Hopper', zoneId: lobby, zoneName: 'Lobby' });
      expect((await tap({ credentialId: v, readerId: 'reader-1' })).body).to.deep.equal(DENY('No access to this zone'));
      const rows = await h.auditRows(t.tenantId);
      expect(rows.map((r) => [r.eventType, r.userId, r.visitorPassId])).to.deep.equal([
        ['GRANTED', null, passId],
        ['DENIED_NO_GRANT', null, passId],
      ]);
    });
  });

  describe('replay window (2 s)', () => {
    it('answers a repeat within 2 s with the original decision and replay: true, writing no row', async () => {
      const first = await tap({ credentialId: cred, readerId: 'reader-1' });
      h.clock.advance(1500);
      const again = await h.verify(t, { credentialId: cred, readerId: 'reader-1' });
      expect(again.body).to.deep.equal({ ...first.body, replay: true });
      expect(await h.auditRows(t.tenantId)).to.have.length(1);
    });

    it('answers a repeat of a credential that failed its check the same way: refused once, replayed once', async () => {
      const forged = `${cred.slice(0, -4)}AAAA`;
      const first = await tap({ credentialId: forged, readerId: 'reader-1' });
      expect(first.body).to.deep.equal(DENY('Unknown credential'));
      h.clock.advance(1500);
      const again = await h.verify(t, { credentialId: forged, readerId: 'reader-1' });
      expect(again.body).to.deep.equal({ ...first.body, replay: true });
      expect(await h.auditRows(t.tenantId)).to.have.length(1);
    });

    it('decides afresh after 2 s, and at another reader at once', async () => {
      await h.zone(t.tenantId, { name: 'Side door', readerIds: ['reader-2'] });
      await h.reload();
      await tap({ credentialId: cred, readerId: 'reader-1' });
      const other = await h.verify(t, { credentialId: cred, readerId: 'reader-2' });
      expect(other.body).to.not.have.property('replay');
      h.clock.advance(2000);
      const later = await h.verify(t, { credentialId: cred, readerId: 'reader-1' });
      expect(later.body).to.not.have.property('replay');
      expect(await h.auditRows(t.tenantId)).to.have.length(3);
    });
  });

  describe('validation', () => {
    it('records the source label, default BRIDGE_HTTP', async () => {
      await tap({ credentialId: cred, readerId: 'reader-1', source: 'NFC-LOBBY' });
      expect((await h.auditRows(t.tenantId))[0]).to.include({ source: 'NFC-LOBBY' });
    });

    it('rejects a source over 40 characters, unknown properties, wrong types and malformed JSON with 400', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{ credentialId: cred, readerId: 'reader-1', source: 'x'.repeat(41) }, ['source must be at most 40 characters']],
        [{ credentialId: cred, readerId: 'reader-1', door: 1 }, ['property door should not exist']],
        [{ credentialId: 5, readerId: 'reader-1' }, ['credentialId must be a string']],
      ];
      for (const [body, message] of cases) {
        const res = await tap(body as Record<string, unknown>);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message, error: 'Bad Request', statusCode: 400 });
      }
      const bad = await h.post('/api/v1/access/verify', '{"credentialId":', t.readerKey);
      expect(bad.body).to.deep.equal({ message: ['Malformed JSON in request body'], error: 'Bad Request', statusCode: 400 });
      expect(await h.auditRows(t.tenantId)).to.have.length(0);
    });
    it('refuses control characters in readerId, credentialId and source with the platform 400, writing no audit row', async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [{ credentialId: cred, readerId: 'reader-1\u0000' }, ['readerId must not contain control characters or invalid Unicode']],
        [{ credentialId: cred, readerId: 'reader-1\t' }, ['readerId must not contain control characters']],
        [{ credentialId: cred, readerId: 'reader-1\u0085' }, ['readerId must not contain control characters']],
        [{ credentialId: `${cred}\n`, readerId: 'reader-1' }, ['credentialId must not contain control characters']],
        [{ credentialId: cred, readerId: 'reader-1', source: 'NFC\r\nLOBBY' }, ['source must not contain control characters']],
        [{ credentialId: cred, readerId: 'r'.repeat(101) }, ['readerId must be at most 100 characters']],
      ];
      for (const [body, message] of cases) {
        const res = await tap(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body).to.deep.equal({ message, error: 'Bad Request', statusCode: 400 });
      }
      expect(await h.auditRows(t.tenantId)).to.have.length(0);
      expect((await tap({ credentialId: cred, readerId: 'reader-1' })).body).to.include({ decision: 'GRANT' });
      expect(await h.auditRows(t.tenantId)).to.have.length(1);
    });
  });

  describe('POST /api/v1/access/reader-heartbeat', () => {
    it('creates the reader row on the first beat and updates it after', async () => {
      const first = await h.post('/api/v1/access/reader-heartbeat', { readerId: 'reader-1', firmwareVersion: '1.0.0', ipAddress: '10.0.0.7' }, t.readerKey);
      expect(first.status).to.equal(200);
      h.clock.advance(300_000);
      await h.post('/api/v1/access/reader-heartbeat', { readerId: 'reader-1', firmwareVersion: '1.1.0', ipAddress: '10.0.0.8' }, t.readerKey);
      const rows = await h.ds.query(`SELECT reader_id, firmware_version, ip_address, first_seen_at, last_seen_at FROM access_readers WHERE tenant_id = $1`, [t.tenantId]);
      expect(rows).to.have.length(1);
      expect(rows[0]).to.include({ reader_id: 'reader-1', firmware_version: '1.1.0', ip_address: '10.0.0.8' });
      expect(rows[0].last_seen_at.getTime() - rows[0].first_seen_at.getTime()).to.equal(300_000);
    });

    it('validates its body and needs a reader key', async () => {
      const res = await h.post('/api/v1/access/reader-heartbeat', { readerId: 'r' }, t.readerKey);
      expect(res.status).to.equal(400);
      expect(res.body.message).to.deep.equal(['firmwareVersion is required', 'ipAddress is required']);
      expect((await h.post('/api/v1/access/reader-heartbeat', { readerId: 'r', firmwareVersion: '1', ipAddress: 'x' })).status).to.equal(401);
    });

    it('takes IPv4 and IPv6 addresses only, and no control characters in any field', async () => {
      const beat = (body: Record<string, unknown>) => h.post('/api/v1/access/reader-heartbeat', { readerId: 'reader-1', firmwareVersion: '1.0.0', ipAddress: '10.0.0.7', ...body }, t.readerKey);
      for (const ipAddress of ['x', 'localhost', '10.0.0.256', '10.0.0.7 ', '10.0.0.7/24', 'http://10.0.0.7']) {
        const res = await beat({ ipAddress });
        expect(res.status, ipAddress).to.equal(400);
        expect(res.body).to.deep.equal({ message: ['ipAddress must be an IPv4 or IPv6 address'], error: 'Bad Request', statusCode: 400 });
      }
      const refused: Array<[Record<string, unknown>, string]> = [
        [{ readerId: 'reader-\u0000' }, 'readerId must not contain control characters or invalid Unicode'],
        [{ readerId: 'reader-1\n' }, 'readerId must not contain control characters'],
        [{ firmwareVersion: '1.0\u001b[31m' }, 'firmwareVersion must not contain control characters or invalid Unicode'],
        [{ firmwareVersion: '1.0\t' }, 'firmwareVersion must not contain control characters'],
      ];
      for (const [body, message] of refused) {
        const res = await beat(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body.message).to.deep.equal([message]);
      }
      expect(await h.ds.query(`SELECT 1 FROM access_readers WHERE tenant_id = $1`, [t.tenantId])).to.have.length(0);
      expect((await beat({ ipAddress: '2001:db8::7' })).status).to.equal(200);
      expect((await beat({ ipAddress: '::ffff:10.0.0.7' })).status).to.equal(200);
      const rows = await h.ds.query(`SELECT ip_address FROM access_readers WHERE tenant_id = $1`, [t.tenantId]);
      expect(rows).to.deep.equal([{ ip_address: '::ffff:10.0.0.7' }]);
    });

    it('registers at most ACCESS_MAX_READERS_PER_TENANT readers per tenant: a new one beyond is 409, registered ones keep beating', async () => {
      const capped = await DaemonHarness.start({ db: h.db, env: { ACCESS_MAX_READERS_PER_TENANT: '3' } });
      try {
        const other = await capped.tenant();
        await capped.reload();
        const beat = (key: string, readerId: string) => capped.post('/api/v1/access/reader-heartbeat', { readerId, firmwareVersion: '1.0.0', ipAddress: '10.0.0.7' }, key);
        const first = await Promise.all(['r-1', 'r-2', 'r-3', 'r-4', 'r-5', 'r-6'].map((id) => beat(t.readerKey, id)));
        expect(first.map((r) => r.status).sort()).to.deep.equal([200, 200, 200, 409, 409, 409]);
        const refused = first.find((r) => r.status === 409)!;
        expect(refused.body).to.deep.equal({
          message: 'A tenant can register at most 3 readers; this reader is not registered. Readers already registered keep reporting.',
          error: 'Conflict',
          statusCode: 409,
        });
        const registered: Array<{ reader_id: string }> = await h.ds.query(`SELECT reader_id FROM access_readers WHERE tenant_id = $1 ORDER BY reader_id`, [t.tenantId]);
        expect(registered).to.have.length(3);
        capped.clock.advance(300_000);
        for (const { reader_id } of registered) expect((await beat(t.readerKey, reader_id)).status).to.equal(200);
        const seen = await h.ds.query(`SELECT count(*)::int AS n FROM access_readers WHERE tenant_id = $1 AND last_seen_at = $2`, [t.tenantId, capped.clock.now()]);
        expect(seen[0].n).to.equal(3);
        expect((await beat(t.readerKey, 'r-7')).status).to.equal(409);
        expect((await beat(other.readerKey, 'r-1')).status).to.equal(200);
      } finally {
        await capped.stop(false);
      }
    });
  });
});
