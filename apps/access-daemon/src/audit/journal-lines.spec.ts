import { expect } from 'chai';
import { encodeAuditLine, newAuditRowId, type AuditRow } from './audit-row.js';
import { JournalLines, parseLine } from './journal-lines.js';

const AT = '2026-11-27T08:00:00.000Z';

function auditRow(readerId: string): AuditRow {
  return {
    id: newAuditRowId(Date.parse(AT)),
    tenantId: '0b5c6c52-3f7e-4a4e-9d55-1f0c8d1e2a3b',
    userId: null,
    zoneId: null,
    visitorPassId: null,
    credentialId: 'sha256:abc',
    readerId,
    eventType: 'UNKNOWN_READER',
    reason: 'Unknown reader',
    occurredAt: AT,
    source: 'BRIDGE_HTTP',
  };
}

/** A row's journal line without its newline. */
const line = (r: AuditRow) => encodeAuditLine(r).slice(0, -1);

describe('JournalLines', () => {
  const [a, b, c] = [auditRow('a'), auditRow('b'), auditRow('c')];

  it('finds the lines of a file, skipping empty ones, and where its data ends', () => {
    const text = `${line(a)}\n\n${line(b)}\n${line(c).slice(0, 20)}`;
    const lines = JournalLines.of(Buffer.from(text));
    expect(lines.length).to.equal(3);
    expect([lines.text(0), lines.text(1), lines.text(2)]).to.deep.equal([line(a), line(b), line(c).slice(0, 20)]);
    expect(lines.dataEnd).to.equal(Buffer.byteLength(text));
    expect(JournalLines.of(Buffer.alloc(0)).length).to.equal(0);
  });

  it('reads zero bytes as the end of a line: the space filled beforehand, and the gap a torn write leaves before the next one', () => {
    const zeros = (n: number) => Buffer.alloc(n);
    const [head, tail] = [line(b).slice(0, 50), line(b).slice(50)];
    const file = Buffer.concat([Buffer.from(`\n${line(a)}\n${head}`), zeros(37), Buffer.from(tail), zeros(5), Buffer.from(`\n${line(c)}`), zeros(4096)]);
    const lines = JournalLines.of(file);
    expect(Array.from({ length: lines.length }, (_, i) => lines.text(i))).to.deep.equal([line(a), head, tail, line(c)]);
    expect(lines.dataEnd).to.equal(file.length - 4096);
    expect(lines.parse(0, 4).map((l) => ('row' in l ? l.row.readerId : l.unreadable))).to.deep.equal(['a', head, tail, 'c']);
    const empty = JournalLines.of(zeros(65536));
    expect([empty.length, empty.dataEnd]).to.deep.equal([0, 0]);
  });

  it('reads no piece of a torn line as a row: a prefix lacks fields or ends in a broken id, a suffix starts with a broken tenant id or lacks fields', () => {
    const whole = line(a);
    for (let cut = 1; cut < whole.length; cut++) {
      expect(parseLine(whole.slice(0, cut)), `prefix of ${cut}`).to.have.property('unreadable');
      expect(parseLine(whole.slice(cut)), `suffix from ${cut}`).to.have.property('unreadable');
    }
    expect(parseLine(whole)).to.deep.equal({ row: a });
  });

  it('gives lines as a file holds them, their rows and their decision times', () => {
    const lines = JournalLines.of(Buffer.from(`${line(a)}\n${line(b).slice(0, 30)}\n${line(c)}\n`));
    expect(lines.slice(1, 3).toString('utf8')).to.equal(`${line(b).slice(0, 30)}\n${line(c)}\n`);
    expect(lines.parse(0, 2)).to.deep.equal([{ row: a }, { unreadable: line(b).slice(0, 30) }]);
    expect(lines.occurredAt(0)).to.equal(Date.parse(AT));
    expect(lines.occurredAt(1)).to.equal(null);
    expect(lines.occurredAt(3)).to.equal(null);
  });

  it('reads the JSON lines of a journal an earlier version wrote, which do not go by COPY', () => {
    const lines = JournalLines.of(Buffer.from(`${line(a)}\n${JSON.stringify(b)}\n{"id":"torn\n${line(c)}\n`));
    expect(lines.parse(0, 4)).to.deep.equal([{ row: a }, { row: b }, { unreadable: '{"id":"torn' }, { row: c }]);
    expect(lines.occurredAt(1)).to.equal(Date.parse(AT));
    expect([lines.copyReady(0, 1), lines.copyReady(3, 4), lines.copyReady(0, 2), lines.copyReady(2, 4)]).to.deep.equal([true, true, false, false]);
  });
});
