import { expect } from 'chai';
import { JournalLines } from './journal-lines.js';

const row = (id: string) => JSON.stringify({ id, occurredAt: '2026-11-27T08:00:00.000Z' });

describe('JournalLines', () => {
  it('finds the lines of a file, skipping empty ones, and where its data ends', () => {
    const lines = JournalLines.of(Buffer.from(`${row('a')}\n\n${row('b')}\n{"id":"torn`));
    expect(lines.length).to.equal(3);
    expect([lines.text(0), lines.text(1), lines.text(2)]).to.deep.equal([row('a'), row('b'), '{"id":"torn']);
    expect(lines.dataEnd).to.equal(Buffer.byteLength(`${row('a')}\n\n${row('b')}\n{"id":"torn`));
    expect(JournalLines.of(Buffer.alloc(0)).length).to.equal(0);
  });

  it('reads zero bytes as the end of a line: the space filled beforehand, and the gap a torn write leaves before the next one', () => {
    const zeros = (n: number) => Buffer.alloc(n);
    const file = Buffer.concat([Buffer.from(`\n${row('a')}\n{"id":"to`), zeros(37), Buffer.from(`rn-tail"}`), zeros(5), Buffer.from(`\n${row('b')}`), zeros(4096)]);
    const lines = JournalLines.of(file);
    expect(Array.from({ length: lines.length }, (_, i) => lines.text(i))).to.deep.equal([row('a'), '{"id":"to', 'rn-tail"}', row('b')]);
    expect(lines.dataEnd).to.equal(file.length - 4096);
    expect(lines.parse(0, 4).map((l) => ('row' in l ? l.row.id : l.unreadable))).to.deep.equal(['a', '{"id":"to', 'rn-tail"}', 'b']);
    const empty = JournalLines.of(zeros(65536));
    expect([empty.length, empty.dataEnd]).to.deep.equal([0, 0]);
  });

  it('keeps the lines from a point on as a file holds them, and parses a torn line as unreadable', () => {
    const lines = JournalLines.of(Buffer.from(`${row('a')}\n{"id":"torn\n${row('c')}\n`));
    expect(lines.rest(1).toString('utf8')).to.equal(`{"id":"torn\n${row('c')}\n`);
    expect(lines.parse(0, 2)).to.deep.equal([{ row: JSON.parse(row('a')) }, { unreadable: '{"id":"torn' }]);
    expect(lines.occurredAt(0)).to.equal(Date.parse('2026-11-27T08:00:00.000Z'));
    expect(lines.occurredAt(1)).to.equal(null);
    expect(lines.occurredAt(3)).to.equal(null);
  });
});
