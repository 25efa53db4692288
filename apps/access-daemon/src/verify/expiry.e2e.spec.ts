import { expect } from 'chai';
import { DaemonHarness, type TenantFixture } from '../test-support/daemon-harness.js';

const DENY = (reason: string) => ({ decision: 'DENY', reason });
const DAY_MS = 24 * 3600 * 1000;

/**
 * Spec 02: a door credential lives 24 h; a grant with expiresAt stops working at that moment. Both
 * are judged by the clock at the tap: here the clock moves only after the daemon has started and
 * after the credential has been verified (and cached) once.
 */
describe('access daemon: credentials and grants expire by the clock at the tap', () => {
  let h: DaemonHarness;
  let t: TenantFixture;
  let zoneId: string;

  before(async () => {
    h = await DaemonHarness.start();
  });
  after(async () => h.stop());

  beforeEach(async () => {
    t = await h.tenant();
    zoneId = await h.zone(t.tenantId, { readerIds: ['reader-1', 'reader-2'] });
  });

  // Taps just either side of a boundary alternate readers: the same credential at the same reader within 2 s is a replay.
  let reader = 0;
  const tap = async (credentialId: string) => (await h.verify(t, { credentialId, readerId: `reader-${(reader++ % 2) + 1}` })).body;

  it('a 24-hour credential that opened the door is refused from the moment its 24 h are up', async () => {
    const userId = await h.user(t.tenantId);
    await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    const mintedAt = h.clock.now().getTime();
    const cred = h.credential(t, userId);

    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(mintedAt + DAY_MS - 1000));
    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(mintedAt + DAY_MS));
    expect(await tap(cred)).to.deep.equal(DENY('Unknown credential'));
    expect((await h.auditRows(t.tenantId)).map((r) => r.eventType)).to.deep.equal(['GRANTED', 'GRANTED', 'UNKNOWN_CREDENTIAL']);
  });

  it('a grant opens the door until its expiresAt and not at that moment: Access expired, then No access to this zone', async () => {
    const userId = await h.user(t.tenantId);
    const expiresAt = h.clock.now().getTime() + 10 * 60_000;
    const grantId = await h.grant(t.tenantId, { userId }, zoneId, new Date(expiresAt));
    await h.reload();
    const cred = h.credential(t, userId);

    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(expiresAt - 1));
    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(expiresAt));
    expect(await tap(cred)).to.deep.equal(DENY('Access expired'));
    h.clock.set(new Date(expiresAt + 5000));
    expect(await tap(cred)).to.deep.equal(DENY('No access to this zone'));
    // Recorded after the answer, off the tap path.
    await h.daemon.expiries.flush();
    const [{ status }] = await h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [grantId]);
    expect(status).to.equal('EXPIRED');
  });

  it('a visitor credential stops at the end of its lifetime, however often it was used', async () => {
    const passEnds = h.clock.now().getTime() + 3600_000;
    const passId = await h.pass(t.tenantId, 'Grace Hopper', new Date(passEnds));
    await h.grant(t.tenantId, { visitorPassId: passId }, zoneId, new Date(passEnds));
    await h.reload();
    const cred = h.credential(t, passId, { visitorZones: [zoneId], lifetimeS: 3600 });

    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(passEnds - 1000));
    expect(await tap(cred)).to.include({ decision: 'GRANT' });
    h.clock.set(new Date(passEnds));
    expect(await tap(cred)).to.deep.equal(DENY('Unknown credential'));
  });
});
