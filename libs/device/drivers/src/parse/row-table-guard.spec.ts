import { rowsOrUnsupported, type RowTableGuard } from './row-table-guard';
import { DriverError, DriverErrorCode } from '../support/driver.exception';

/** Hand-typed texts; the guard knows one header and ignores one error form. */
const guard: RowTableGuard = {
  what: 'show things',
  known: [/^\s*Id\s+Name\s*$/],
  ignore: [/^% Unknown command/],
};

describe('rowsOrUnsupported', () => {
  it('returns rows as they are, whatever else the output holds', () => {
    const rows = [{ id: 1 }];
    expect(rowsOrUnsupported('Nothing known here\n1 one', rows, guard)).toBe(rows);
  });

  it('is zero rows for empty output and for output of only noise', () => {
    expect(rowsOrUnsupported('', [], guard)).toEqual([]);
    const noise = [
      'OLT(config)# show things',
      'show things',
      '----   ------',
      ' Total: 0',
      'success',
      ' --More-- ',
      '',
      'OLT(config)#',
    ].join('\r\n');
    expect(rowsOrUnsupported(noise, [], guard)).toEqual([]);
  });

  it("is zero rows for the brand's error lines, indented or not", () => {
    expect(rowsOrUnsupported('  % Unknown command.', [], guard)).toEqual([]);
  });

  it('is zero rows under a known header, even after an unknown line', () => {
    expect(rowsOrUnsupported('Some banner\nId   Name\n----', [], guard)).toEqual([]);
  });

  it('throws UNSUPPORTED_OUTPUT quoting at most 120 characters of the first unknown line', () => {
    const long = `Name Id ${'x'.repeat(200)}`;
    let err: unknown;
    try {
      rowsOrUnsupported(`----\n${long}\nanother`, [], guard);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DriverError);
    expect((err as DriverError).code).toBe(DriverErrorCode.UNSUPPORTED_OUTPUT);
    expect((err as DriverError).message).toBe(
      `show things: no row and no known header (first unknown line: "${long.slice(0, 120)}")`,
    );
  });
});
