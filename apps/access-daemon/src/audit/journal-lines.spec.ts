import { expect } from 'chai';
import { JournalLines } from './journal-lines.js';

const row = (id: string) => JSON.stringify({ id, occurredAt: '2026-11-27T08:00:00.000Z' });

describe('JournalLines', () => {
  it('finds the lines of a file, skipping empty ones, and tells whether the last is ended', () => {
    const lines = JournalLines.of(Buffer.from(`${row('a')}\n\n${row('b')}\n{"id":"torn`));
    expect(lines.length).to.equal(3);
    expect([lines.text(0), lines.text(1), lines.text(2)]).to.deep.equal([row('a'), row('b'), '{"id":"torn']);
    expect(lines.ended).to.equal(false);
    expect(JournalLines.of(Buffer.from(`${row('a')}\n`)).ended).to.equal(true);
    expect(JournalLines.of(Buffer.alloc(0)).length).to.equal(0);
  });

  it('joins a range of lines into one JSON array without decoding them', () => {
    const lines = JournalLines.of(Buffer.from(`${row('a')}\n${row('b')}\n${row('ü')}\n`));
    expect(JSON.parse(lines.jsonArray(0, 3).toString('utf8'))).to.deep.equal(['a', 'b', 'ü'].map((id) => JSON.parse(row(id))));
    expect(JSON.parse(lines.jsonArray(1, 2).toString('utf8'))).to.deep.equal([JSON.parse(row('b'))]);
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
