import { expect } from 'chai';
import { csvCell, toCsv } from './csv.js';

describe('csv', () => {
  it('quotes separators, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('a,b')).to.equal('"a,b"');
    expect(csvCell('say "hi"')).to.equal('"say ""hi"""');
    expect(csvCell('two\nlines')).to.equal('"two\nlines"');
    expect(csvCell(null)).to.equal('');
  });

  it('neutralises text a spreadsheet would run as a formula, and leaves numbers alone', () => {
    expect(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'].map(csvCell)).to.deep.equal(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", "\"'\rx\""]);
    expect(csvCell('=HYPERLINK("http://x","y")')).to.equal(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell(-250)).to.equal('-250');
  });

  it('writes a header and CRLF-terminated lines', () => {
    expect(toCsv(['a', 'b'], [[1, 'x'], [null, '=y']])).to.equal("a,b\r\n1,x\r\n,'=y\r\n");
  });
});
