import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { encodeAuditLine, type AuditRow } from './audit-row.js';

const base: AuditRow = {
  id: randomUUID(),
  tenantId: randomUUID(),
  userId: randomUUID(),
  zoneId: randomUUID(),
  visitorPassId: null,
  credentialId: randomUUID(),
  readerId: 'front-door-1',
  eventType: 'GRANTED',
  reason: null,
  occurredAt: '2026-11-27T09:00:00.000Z',
  source: 'BRIDGE_HTTP',
};

describe('encodeAuditLine', () => {
  it('is the JSON of the row, one line', () => {
    const line = encodeAuditLine(base);
    expect(line.endsWith('\n')).to.equal(true);
    expect(line.slice(0, -1)).to.equal(JSON.stringify(base));
  });

  it('escapes what a reader bridge may send (quotes, backslashes, non-ASCII) as JSON.stringify does', () => {
    const hostile = { ...base, readerId: 'door "A"\\\u2028ü', source: '\u{1F6AA} \'x\'', reason: 'No access to this zone', userId: null, zoneId: null };
    const line = encodeAuditLine(hostile);
    expect(line.slice(0, -1)).to.equal(JSON.stringify(hostile));
    expect(JSON.parse(line)).to.deep.equal(hostile);
    expect(line.indexOf('\n')).to.equal(line.length - 1);
  });

  it('writes an absent field as null, as the database reads it', () => {
    const { visitorPassId: _absent, ...rest } = base;
    expect(JSON.parse(encodeAuditLine(rest as AuditRow)).visitorPassId).to.equal(null);
  });
});
