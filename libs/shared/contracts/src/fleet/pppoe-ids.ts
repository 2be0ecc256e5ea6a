/**
 * PPPoE ids written into ONU descriptions. Operators write them as `user@isp`, `pppoe:abc123`,
 * or several ids separated by commas, slashes or spaces; free text around them is ignored.
 */
const EXPLICIT = /pppoe\s*[:=-]\s*([\w.@-]+)/gi;
const LOGIN = /[A-Za-z0-9][\w.-]*@[\w.-]*[A-Za-z0-9]/g;
const TOKEN = /^[A-Za-z][\w.-]{2,63}$/;

export function parsePppoeIds(description: string | null | undefined): string[] {
  if (!description) return [];
  const text = description.trim();
  const found: string[] = [];
  for (const m of text.matchAll(EXPLICIT)) found.push(m[1]);
  for (const m of text.matchAll(LOGIN)) found.push(m[0]);
  if (!found.length) {
    // A bare id is the whole description (or each comma-separated part) when it looks like one.
    for (const part of text.split(/[,;/|]+/).map((p) => p.trim()))
      if (TOKEN.test(part) && !/\s/.test(part)) found.push(part);
  }
  return [...new Set(found.map((id) => id.replace(/[.,;:]+$/, '')))].slice(0, 8);
}
