/** Time and duration spellings the brands use (device-local clock = the simulator's clock, in UTC). */
import { profiles } from '@pondesk/device-drivers';

const p2 = (n: number): string => String(n).padStart(2, '0');

function parts(t: number): { y: number; mo: string; d: string; h: string; mi: string; s: string } {
  const dt = new Date(t * 1000);
  return {
    y: dt.getUTCFullYear(),
    mo: p2(dt.getUTCMonth() + 1),
    d: p2(dt.getUTCDate()),
    h: p2(dt.getUTCHours()),
    mi: p2(dt.getUTCMinutes()),
    s: p2(dt.getUTCSeconds()),
  };
}

/** `2024-08-31 02:57:27` (BDCOM, C-Data). */
export function dashTime(t: number): string {
  const x = parts(t);
  return `${x.y}-${x.mo}-${x.d} ${x.h}:${x.mi}:${x.s}`;
}

/** `2026/08/06 08:29:31` (V-SOL EPON, HSGQ). */
export function slashTime(t: number): string {
  const x = parts(t);
  return `${x.y}/${x.mo}/${x.d} ${x.h}:${x.mi}:${x.s}`;
}

/** `2026:06:03 21:21:42` (V-SOL GPON: colons in the date). */
export function colonTime(t: number): string {
  const x = parts(t);
  return `${x.y}:${x.mo}:${x.d} ${x.h}:${x.mi}:${x.s}`;
}

function dhms(seconds: number): { d: number; h: string; m: string; s: string } {
  const sec = Math.max(0, Math.floor(seconds));
  return {
    d: Math.floor(sec / 86_400),
    h: p2(Math.floor((sec % 86_400) / 3600)),
    m: p2(Math.floor((sec % 3600) / 60)),
    s: p2(sec % 60),
  };
}

/** V-SOL alive time: `09:36:42`, or `2 08:33:28` with days. */
export function vsolDuration(seconds: number): string {
  const x = dhms(seconds);
  return x.d > 0 ? `${x.d} ${x.h}:${x.m}:${x.s}` : `${x.h}:${x.m}:${x.s}`;
}

/** BDCOM EPON alive/absent time: days padded to 3 then `.hh:mm:ss` (`79 .11:25:25`, `217.18:17:56`). */
export function bdcomDuration(seconds: number): string {
  const x = dhms(seconds);
  return `${String(x.d).padEnd(3)}.${x.h}:${x.m}:${x.s}`;
}

/** BDCOM GPON alive time `0005d:12:28:57`. */
export function bdcomGponDuration(seconds: number): string {
  const x = dhms(seconds);
  return `${String(x.d).padStart(4, '0')}d:${x.h}:${x.m}:${x.s}`;
}

/** Fixed-width column without truncation: the profiles' own helper, so both sides pad alike. */
export const pad = profiles.cli.col;
