import { describe, expect, it } from 'vitest';
import { attachment, csvCell, dhakaDate, dhakaDateTime, takaText, toCsv } from './csv';

describe('CSV cells', () => {
  it('quotes a cell with a quote, comma or line break, doubling its quotes (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('Dhaka, Gulshan')).toBe('"Dhaka, Gulshan"');
    expect(csvCell('the "best" laptop')).toBe('"the ""best"" laptop"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(42)).toBe('42');
  });

  it('starts a cell that a spreadsheet would run as a formula with a quote (OWASP)', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+8801711000000')).toBe("'+8801711000000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://x.test","Click"), Inc')).toBe(
      '"\'=HYPERLINK(""http://x.test"",""Click""), Inc"',
    );
    expect(csvCell('a=1')).toBe('a=1');
  });

  it('leaves a plain number alone, a negative amount included', () => {
    expect(csvCell('-120.50')).toBe('-120.50');
    expect(csvCell('-7')).toBe('-7');
    expect(csvCell(-3)).toBe('-3');
  });
});

describe('CSV files', () => {
  it('writes a byte-order mark, a header and CRLF lines', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['1', 'x,y'],
          [null, '=z'],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n1,"x,y"\r\n,\'=z\r\n');
  });

  it('writes paisa as taka with two decimals, exactly', () => {
    expect(takaText(0)).toBe('0.00');
    expect(takaText(5)).toBe('0.05');
    expect(takaText(50000)).toBe('500.00');
    expect(takaText(32150)).toBe('321.50');
    expect(takaText(-32150)).toBe('-321.50');
    expect(takaText(-5)).toBe('-0.05');
    expect(takaText(900719925474099)).toBe('9007199254740.99');
  });

  it('writes times and days as Dhaka reads them (UTC+6)', () => {
    const lateEvening = new Date('2026-11-27T20:30:05.000Z');
    expect(dhakaDateTime(lateEvening)).toBe('2026-11-28 02:30:05');
    expect(dhakaDate(lateEvening)).toBe('2026-11-28');
    expect(attachment('secondbyte-statement-2026-11-28.csv')).toBe(
      'attachment; filename="secondbyte-statement-2026-11-28.csv"',
    );
  });
});
