/**
 * PPPoE ids written into ONU descriptions. Operators write them as `user@isp`, `pppoe:abc123`,
 * or several ids separated by commas, slashes or spaces; free text around them is ignored.
 */
const EXPLICIT = /pppoe\s*[:=-]\s*([\w.@-]+)/gi;
const LOGIN = /[A-Za-z0-9][\w.-]*@[\w.-]*[A-Za-z0-9]/g;
const TOKEN = /^[A-Za-z][\w.-]{2,63}$/;

/**
 * What an OLT writes into an ONU's name or description by itself, or what a port name looks like: never a
 * subscriber's login, however much it looks like a token.
 */
const DEVICE_DEFAULTS: readonly RegExp[] = [
  // HSGQ/AVIES default names: `ONU04/07` (EPON), `ONT01/011` (GPON).
  /^on[ut]\d{1,3}\/\d{1,3}$/i,
  // Bare ONU numbering some firmware and operators' tools use: `ONU1`, `ONU-12`, `ONT 3`.
  /^on[ut][\s_-]?\d{1,4}$/i,
  // Interface names: BDCOM/V-SOL `EPON0/1:3`, `GPON0/2:1`; V-SOL V1600GS `GPON01ONU1`; C-Data `pon0/0/1`,
  // `gpon 0/0/1 onu 1`; ports `GPON0/1`, `GE0/4`, `xge0/0/4`, `PON01`.
  /^(?:[xt]?ge|(?:10)?g(?:iga)?(?:bit)?ethernet|[xeg]?pon)\s*\d+(?:\/\d+){0,2}(?::\d+)?$/i,
  /^[xeg]?pon\s*\d+(?:\/\d+){0,2}\s*onu\s*\d+$/i,
  // Serial numbers: four capital vendor letters and eight hex digits (`HWTC1a2b3c4d`, `CDTCAFD296DB`);
  // logins are rarely all capitals, so `shop12345678` stays a login.
  /^[A-Z]{4}[0-9A-Fa-f]{8}$/,
  // MAC addresses in any of the usual spellings.
  /^[0-9a-f]{2}(?:[:-][0-9a-f]{2}){5}$/i,
  /^[0-9a-f]{4}(?:\.[0-9a-f]{4}){2}$/i,
  /^[0-9a-f]{12}$/i,
  // Placeholders for "no description" (HSGQ's CLI cuts `NO-DESCRIPTION` to 12 characters).
  /^(?:n\/a|null|none|no-descripti(?:on)?|-+)$/i,
];

/** The ONU's own identifiers (interface name, serial, MAC): a description equal to one is a default. */
export type OnuOwnNames = readonly (string | null | undefined)[];

/** True when the text is an OLT's own default for an ONU (a name, an interface name, a serial, a MAC). */
export function isDefaultOnuName(text: string, own: OnuOwnNames = []): boolean {
  const t = text.trim().toLowerCase();
  if (own.some((n) => n && n.trim().toLowerCase() === t)) return true;
  return DEVICE_DEFAULTS.some((re) => re.test(text.trim()));
}

/** The PPPoE ids in an ONU's description; `own` are the ONU's identifiers, which never count as ids. */
export function parsePppoeIds(description: string | null | undefined, own: OnuOwnNames = []): string[] {
  if (!description) return [];
  const text = description.trim();
  if (isDefaultOnuName(text, own)) return [];
  const found: string[] = [];
  for (const m of text.matchAll(EXPLICIT)) found.push(m[1]);
  for (const m of text.matchAll(LOGIN)) found.push(m[0]);
  if (!found.length) {
    // A bare id is the whole description (or each comma-separated part) when it looks like one.
    for (const part of text.split(/[,;/|]+/).map((p) => p.trim()))
      if (TOKEN.test(part) && !/\s/.test(part) && !isDefaultOnuName(part, own)) found.push(part);
  }
  return [...new Set(found.map((id) => id.replace(/[.,;:]+$/, '')))].slice(0, 8);
}
