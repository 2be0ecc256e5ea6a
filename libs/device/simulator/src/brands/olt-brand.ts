/** What each simulated OLT brand/mode supplies: value resolution, its SNMP view and its CLI. */
import type { PonMode } from '@pondesk/device-drivers';
import type { OltBrand as Brand, OltState, Resolution } from '../model/olt-state';
import type { VirtualMib } from '../snmp/virtual-mib';
import type { CliDialect } from '../telnet/cli-dialect';

export interface OltBrandAdapter {
  brand: Brand;
  mode: PonMode;
  /** Steps the readings are held at so each transport of the brand carries them exactly. */
  resolution: Resolution;
  firstOnuId: number;
  maxOnusPerPort: number;
  defaultHostname: string;
  model: string;
  buildMib(state: OltState): VirtualMib;
  cliDialect(state: OltState): CliDialect;
}

/** Normalises a typed command: lower case, single spaces. */
export function norm(line: string): string {
  return line.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The code a profile's table gives a device word (`auto_config` → 3), so no status number is typed twice. */
export function codeByRaw(table: Readonly<Record<number, { raw: string }>>, raw: string): number {
  for (const [code, v] of Object.entries(table)) if (v.raw === raw) return Number(code);
  throw new Error(`no code for ${raw}`);
}
