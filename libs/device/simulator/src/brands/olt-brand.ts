/** What each simulated OLT brand/mode supplies: value resolution, its SNMP view, its CLI and (HSGQ) its web API. */
import type { OltBrandCode, OltModeCode } from '@pondesk/contracts';
import type { OltState, Resolution } from '../model/olt-state';
import type { VirtualMib } from '../snmp/virtual-mib';
import type { CliDialect } from '../telnet/cli-dialect';
import type { WebRoute } from '../http/hsgq-web-server';

export interface OltBrandAdapter {
  brand: OltBrandCode;
  mode: OltModeCode;
  /** Steps the readings are held at so each transport of the brand carries them exactly. */
  resolution: Resolution;
  firstOnuId: number;
  maxOnusPerPort: number;
  defaultHostname: string;
  model: string;
  buildMib(state: OltState): VirtualMib;
  cliDialect(state: OltState): CliDialect;
  /** The web JSON API, for brands that have one (served where the fleet gives the device an HTTP port). */
  webApi?(state: OltState): WebRoute;
}

/** The code a profile's table gives a device word (`auto_config` → 3), so no status number is typed twice. */
export function codeByRaw(table: Readonly<Record<number, { raw: string }>>, raw: string): number {
  for (const [code, v] of Object.entries(table)) if (v.raw === raw) return Number(code);
  throw new Error(`no code for ${raw}`);
}
