/**
 * The PON part of an ONU's interface name, as the scanner's 'Interface' column and the MAC find's 'GPON
 * Interface' show it: `EPON0/1:9` → `EPON0/1`, `pon0/0/1:5` → `pon0/0/1`, V-SOL V1600GS `GPON01ONU7 NAME`
 * → `GPON01`. Names that carry no PON part (AVIES `1/3`) fall back to the port number: `PON 1`.
 */
export function ponInterface(ifName: string | null | undefined, ponPort: number | null | undefined): string {
  const name = (ifName ?? '').trim();
  const colon = name.lastIndexOf(':');
  if (colon > 0) return name.slice(0, colon);
  const v1600 = /^([a-z]*pon\d+)onu\d+/i.exec(name);
  if (v1600) return v1600[1];
  return ponPort === null || ponPort === undefined ? '' : `PON ${ponPort}`;
}
