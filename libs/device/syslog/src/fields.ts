import { LOG_SEVERITIES, type LogSeverity } from '@pondesk/contracts';

const MAC_DOTTED = /^[0-9a-f]{4}\.[0-9a-f]{4}\.[0-9a-f]{4}$/i;
const MAC_COLONS = /^[0-9a-f]{2}(?::[0-9a-f]{2}){5}$/i;
const MAC_DASHES = /^[0-9a-f]{2}(?:-[0-9a-f]{2}){5}$/i;

/** `8479.7399.af6e`, `00-0C-42-04-4C-EE` or `00:0C:42:04:4C:EE` → `00:0c:42:04:4c:ee`; anything else → null. */
export function normaliseMac(text: string): string | null {
  let hex: string;
  if (MAC_COLONS.test(text) || MAC_DASHES.test(text))
    hex =
      text.slice(0, 2) +
      text.slice(3, 5) +
      text.slice(6, 8) +
      text.slice(9, 11) +
      text.slice(12, 14) +
      text.slice(15, 17);
  else if (MAC_DOTTED.test(text)) hex = text.slice(0, 4) + text.slice(5, 9) + text.slice(10, 14);
  else return null;
  hex = hex.toLowerCase();
  return `${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}:${hex.slice(6, 8)}:${hex.slice(8, 10)}:${hex.slice(10, 12)}`;
}

const SERIAL = /^[A-Za-z0-9]{8,24}$/;

/** A GPON serial as written (`ZTEGcc98debf`, `GPON00929978`); placeholders like `...` → null. */
export function serialOrNull(text: string | undefined): string | null {
  return text !== undefined && SERIAL.test(text) ? text : null;
}

/**
 * Level words seen in device lines, mapped to syslog severities. The ITU alarm scale of the OLTs
 * (critical / major / minor / warning) is folded in: major → error, minor → warning.
 */
const LEVEL_WORDS = new Map<string, LogSeverity>([
  ['emergency', 'emergency'],
  ['emerg', 'emergency'],
  ['alert', 'alert'],
  ['critical', 'critical'],
  ['crit', 'critical'],
  ['error', 'error'],
  ['err', 'error'],
  ['major', 'error'],
  ['warning', 'warning'],
  ['warn', 'warning'],
  ['minor', 'warning'],
  ['notice', 'notice'],
  ['info', 'info'],
  ['informational', 'info'],
  ['debug', 'debug'],
]);

export function severityFromWord(word: string): LogSeverity | null {
  return LEVEL_WORDS.get(word.toLowerCase()) ?? null;
}

/** The most severe level word among MikroTik topics (`system,error,critical` → critical), or null. */
export function severityFromTopics(topics: string): LogSeverity | null {
  let best = -1;
  for (const word of topics.split(',')) {
    const s = LEVEL_WORDS.get(word);
    if (s === undefined) continue;
    const i = LOG_SEVERITIES.indexOf(s);
    if (best < 0 || i < best) best = i;
  }
  return best < 0 ? null : LOG_SEVERITIES[best];
}

/**
 * Removes NUL and other control bytes; a line break inside the datagram (with the blanks around it)
 * becomes one blank, a tab a blank. Returns the input itself when it holds no control character.
 */
export function cleanText(text: string): string {
  let i = 0;
  const n = text.length;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 32 || c === 127) break;
  }
  if (i === n) return text;
  let out = text.slice(0, i);
  let pendingBreak = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      pendingBreak = true;
      out = out.trimEnd();
      continue;
    }
    if (c === 9) {
      if (!pendingBreak) out += ' ';
      continue;
    }
    if (c < 32 || c === 127) continue;
    if (pendingBreak) {
      if (c === 32) continue;
      if (out.length > 0) out += ' ';
      pendingBreak = false;
    }
    out += text[i];
  }
  return out;
}
