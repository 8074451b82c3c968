import { describe, expect, it } from 'vitest';
import { csvCell, HISTORY_CSV_COLUMNS, historyToCsv, toCsv } from './csv.ts';

describe('consent history CSV', () => {
  it('quotes every cell and doubles inner quotes (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('"plain"');
    expect(csvCell('a "quoted", value')).toBe('"a ""quoted"", value"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell(7)).toBe('"7"');
  });

  it.each([
    ['=1+1', `"'=1+1"`],
    ['+91 98765', `"'+91 98765"`],
    ['-2', `"'-2"`],
    ['@SUM(A1:A2)', `"'@SUM(A1:A2)"`],
    ['\t=cmd', `"'\t=cmd"`],
    ['\r=cmd', `"'\r=cmd"`],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
  ])('makes %j inert for spreadsheets', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('leaves safe text and numbers as they are', () => {
    expect(csvCell('https://www.example.in/a=b')).toBe('"https://www.example.in/a=b"');
    expect(csvCell(-1)).toBe('"-1"');
  });

  it('writes a header row and CRLF line ends', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', null],
          ['x,y', 2],
        ],
      ),
    ).toBe('"a","b"\r\n"1",""\r\n"x,y","2"\r\n');
  });

  it('writes a history as the export: the columns, then one row per entry', () => {
    const entry = {
      entryId: 'e1',
      recordedAt: '2026-11-21T06:30:00.000Z',
      contractId: 'pb-tnc-homepage',
      contractVersionId: '1',
      action: 'respond' as const,
      userValue: 'Y' as const,
      consentState: 1,
      customerId: null,
      visitorId: 'v',
      visitId: null,
      siteId: 2,
      pageUrl: '=HYPERLINK("x")',
      ipHash: null,
      userAgentHash: null,
    };
    const [header, row, end] = historyToCsv({ entries: [entry] }).split('\r\n');
    expect(header).toBe(HISTORY_CSV_COLUMNS.map((column) => `"${column}"`).join(','));
    expect(row).toBe(
      `"e1","2026-11-21T06:30:00.000Z","pb-tnc-homepage","1","respond","Y","1","","v","","2","'=HYPERLINK(""x"")","",""`,
    );
    expect(end).toBe('');
  });
});
