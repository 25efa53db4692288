import { expect } from 'chai';
import { parseDemandCsv, requiredHeads } from './demand-csv.js';

describe('demand CSV', () => {
  it('reads quoted fields, dates as their ISO weekday, weekday names, and CRLF lines', async () => {
    const parsed = await parseDemandCsv('Hour,Sales,Outlet,Date\r\n9,"12.5","SO""HO",2026-03-08\r\n10,0,soho,sunday\r\n');
    expect(parsed).to.deep.equal({
      count: 2,
      errors: [],
      rows: [
        { line: 2, outlet: 'SO"HO', weekday: 7, hour: 9, sales: 12.5 },
        { line: 3, outlet: 'soho', weekday: 7, hour: 10, sales: 0 },
      ],
    });
  });

  it('fails a row for each thing wrong with it, and an impossible date', async () => {
    const parsed = await parseDemandCsv('outlet,date,hour,sales\n,2026-02-30,7.5,-1\nSOHO,Funday,3,1');
    expect(parsed).to.deep.include({ count: 2, rows: [] });
    expect('errors' in parsed && parsed.errors).to.deep.equal([
      { line: 2, errors: ['outlet is required', 'date must be a date (YYYY-MM-DD) or a weekday (Mon…Sun)', 'hour must be a whole number from 0 to 23', 'sales must be a number of at least 0'] },
      { line: 3, errors: ['date must be a date (YYYY-MM-DD) or a weekday (Mon…Sun)'] },
    ]);
  });

  it('rounds the average of each outlet, weekday and hour up to whole heads, exact ratios staying exact', () => {
    const rows = [
      { line: 2, outlet: 'a', weekday: 1, hour: 9, sales: 100 },
      { line: 3, outlet: 'a', weekday: 1, hour: 9, sales: 300 },
      { line: 4, outlet: 'a', weekday: 1, hour: 10, sales: 201 },
    ];
    expect(requiredHeads(rows, 100)).to.deep.equal([
      { outlet: 'a', weekday: 1, hour: 9, required: 2 },
      { outlet: 'a', weekday: 1, hour: 10, required: 3 },
    ]);
  });
});
