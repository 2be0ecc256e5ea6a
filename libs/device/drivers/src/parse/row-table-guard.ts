/**
 * Guard for the regex-per-row table parsers. Such a parser reads each data line with one pattern; on a firmware
 * that prints the table another way no line matches and it would return zero rows, which a poll stores as "no
 * ONUs". This guard tells the two apart: a known header (or title) with no rows, or output that is only noise,
 * is zero rows; any other content with no row is a layout the parser does not know, and says so.
 */
import { DriverError, DriverErrorCode } from '../support/driver.exception';
import { lines } from '../profiles/cli-common';

export interface RowTableGuard {
  /** The command or table, for the error message. */
  what: string;
  /** Lines that prove this command's known layout: column headers, titles, footers of that table. */
  known: readonly RegExp[];
  /** The brand's own error and event lines: output made only of them keeps its zero rows. */
  ignore?: readonly RegExp[];
}

/** Lines any CLI prints around a table that say nothing about its layout. */
const NOISE: readonly RegExp[] = [
  // Separators of dashes or equals signs, in one run or in columns.
  /^[\s=-]*[=-]{3,}[\s=-]*$/,
  // A prompt, alone or with the echoed command (`epon-olt(config-pon-0/1)# show onu info`, `OLT>`).
  /^\s*[\w.@()/:-]+[#>]/,
  // The echoed command itself.
  /^\s*(?:show|sh)\s/i,
  // Footers: `Total: 60  Online:1  Offline:59`, ` Total Addresses Found in System :0`, a bare `success`.
  /^\s*Total\b/i,
  /^\s*success\s*$/i,
  // Pager residue.
  /--More--/,
];

const MAX_QUOTE = 120;

/**
 * `rows` unchanged when it has rows, or when `text` shows a header `guard` knows or holds nothing but blank lines,
 * noise and the brand's error/event lines. Otherwise throws UNSUPPORTED_OUTPUT naming the table and quoting the
 * first line it could not place.
 */
export function rowsOrUnsupported<T>(text: string, rows: T[], guard: RowTableGuard): T[] {
  if (rows.length > 0) return rows;
  const ignore = guard.ignore ?? [];
  let firstUnknown: string | null = null;
  for (const line of lines(text)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    if (guard.known.some((re) => re.test(line))) return rows;
    // The session matches error lines on the trimmed line; so does this.
    const noise = NOISE.some((re) => re.test(line)) || ignore.some((re) => re.test(trimmed));
    if (firstUnknown === null && !noise) firstUnknown = trimmed;
  }
  if (firstUnknown === null) return rows;
  throw new DriverError(
    DriverErrorCode.UNSUPPORTED_OUTPUT,
    `${guard.what}: no row and no known header (first unknown line: "${firstUnknown.slice(0, MAX_QUOTE)}")`,
  );
}
