/** CLI patterns that hold for several brands. */

/** `Username:`, `User name:`, `Login:`, `username:` — trailing spaces allowed. */
export const LOGIN_PROMPT = /(?:user\s?name|login)\s*:\s*$/i;
export const PASSWORD_PROMPT = /password\s*:\s*$/i;

/**
 * A CLI prompt as the last, unterminated line: hostnames may contain `| . - ( ) _` and even spaces
 * (`OLT - MANTIMENTO(config)#`), so the only firm anchors are "starts with a non-space" and "ends in > or #".
 * Pager lines, `Password:` and arrows like `--->` are excluded.
 */
export const GENERIC_PROMPT = /(?:^|[\r\n])(?!\s)(?![^\r\n]*-->)(?![^\r\n]*--More)[^\r\n#>]{1,80}[#>] ?$/;
export const GENERIC_PRIVILEGED_PROMPT = /(?:^|[\r\n])(?!\s)(?![^\r\n]*--More)[^\r\n#>]{1,80}# ?$/;

/** Split text into lines without the terminators. */
export function lines(text: string): string[] {
  return text.split(/\r?\n|\r/);
}

export const DATE_TIME = String.raw`\d{4}[-./:]\d{1,2}[-./:]\d{1,2}[ .]\d{1,2}:\d{2}:\d{2}`;

/** Pad text to a fixed column width the way fixed-width CLIs do (never truncating: overlap is real). */
export function col(text: string | number, width: number): string {
  const s = String(text);
  return s.length >= width ? s : s + ' '.repeat(width - s.length);
}
