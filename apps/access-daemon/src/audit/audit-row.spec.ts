import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { encodeAuditLine, newAuditRowId, type AuditRow } from './audit-row.js';
import { parseLine } from './journal-lines.js';

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
  it('is one line of COPY text: the tenant first, the id last, tab-separated, null as \\N', () => {
    const line = encodeAuditLine({ ...base, zoneId: null });
    expect(line).to.equal(`${base.tenantId}\t${base.userId}\t\\N\t\\N\t${base.credentialId}\tfront-door-1\tGRANTED\t\\N\t2026-11-27T09:00:00.000Z\tBRIDGE_HTTP\t${base.id}\n`);
    expect(parseLine(line.slice(0, -1))).to.deep.equal({ row: { ...base, zoneId: null } });
  });

  it('escapes what a caller may send (backslashes, tabs, newlines, NUL) so that the line is one line with no zero byte, and reads it back', () => {
    const hostile = { ...base, readerId: 'door "A"\\N\t\u2028ü', source: '\u{1F6AA} \'x\'\r\n', reason: 'back\\slash\u0000', userId: null, zoneId: null };
    const line = encodeAuditLine(hostile);
    expect(line.indexOf('\n')).to.equal(line.length - 1);
    expect(line.includes('\u0000')).to.equal(false);
    expect(line.split('\t')).to.have.length(11);
    expect(parseLine(line.slice(0, -1))).to.deep.equal({ row: hostile });
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
