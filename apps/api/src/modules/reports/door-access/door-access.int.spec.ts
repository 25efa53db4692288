import { expect } from 'chai';
import { outletManager, reportSuite, WEEK } from '../../../test-support/report-fixtures.js';
import { DoorAccessRepository } from './door-access.repository.js';
import { DoorAccessReport } from './door-access.service.js';

describe('door access report with real PostgreSQL (figures by hand)', () => {
  const s = reportSuite((ds, { scopes }) => new DoorAccessReport(new DoorAccessRepository(ds), scopes));

  it('counts taps allowed and denied per zone and person on the local days of each zone’s outlet', async () => {
    const result = await s.report.run({ kind: 'developer', tenantId: s.w.tenantId }, WEEK);
    expect(result.rows).to.deep.equal([
      // Front (Paris): granted Monday 00:30 Paris (Sunday 23:30Z), Monday 09:00, Tuesday 09:00 = 3; denied
      // Monday 23:30 = 1; the REVOKED row is no tap, and Bob's refusal at 00:30 on Monday 18 is after the week.
      { zoneId: s.w.zones.front, zoneName: 'Front', userId: s.w.alice, userName: 'Alice', granted: 3, denied: 1 },
      // Roof (no outlet: the company's zone): an unknown credential.
      { zoneId: s.w.zones.roof, zoneName: 'Roof', userId: null, userName: null, granted: 0, denied: 1 },
      // Store (London): Sunday 17 23:30 London time is in the week; one expired grant.
      { zoneId: s.w.zones.store, zoneName: 'Store', userId: s.w.bob, userName: 'Bob', granted: 1, denied: 1 },
      // A reader bound to no zone.
      { zoneId: null, zoneName: null, userId: null, userName: null, granted: 0, denied: 1 },
    ]);
  });

  it('an OUTLET_MANAGER of London sees the zones of London only', async () => {
    const result = await s.report.run(await outletManager(s.ds, s.w.tenantId, [s.w.london]), WEEK);
    expect(result.rows.map((r) => [r.zoneName, r.userName, r.granted, r.denied])).to.deep.equal([['Store', 'Bob', 1, 1]]);
  });
});
