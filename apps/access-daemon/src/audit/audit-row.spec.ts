import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { encodeAuditLine, newAuditRowId, type AuditRow } from './audit-row.js';

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

describe('newAuditRowId', () => {
  it('is a UUIDv7 carrying the decision time in its first 48 bits, different every time, past the refill of its random pool', () => {
    const at = Date.parse('2026-11-28T03:04:05.678Z');
    const ids = Array.from({ length: 600 }, () => newAuditRowId(at));
    expect(new Set(ids).size).to.equal(600);
    for (const id of ids) {
      expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).to.equal(at);
    }
    expect(newAuditRowId(at + 1) > newAuditRowId(at)).to.equal(true);
  });
});
