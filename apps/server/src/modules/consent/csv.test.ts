import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

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
});
