/**
 * How BDCOM numbers and words things, for both modes: interface indexes, and the status and reason codes of the
 * drivers' BDCOM profiles looked up by their own words.
 */
import { profiles } from '@pondesk/device-drivers';
import type { OltState, SimOnu } from '../../model/olt-state';
import type { SimReason } from '../../model/onu-model';
import { int, octets, type MibValue, type VirtualMib } from '../../snmp/virtual-mib';
import { addIfTables, type IfRow } from '../common-mib';
import { codeByRaw } from '../olt-brand';

const { codec, bdcomEpon, bdcomGpon } = profiles;

/** Where a mode puts its PONs and ONUs in the ifTable, and what it calls them. */
export interface BdcomIfLayout {
  ponIfIndex(p: number): number;
  onuIfIndex(p: number, o: number): number;
  ifName: { pon(p: number): string; onu(p: number, o: number): string };
}

// Interface numbering: BDCOM ifIndexes are arbitrary (the GP3600 recording has GPON0/2:1 = 1179); drivers map
// them through ifDescr. GPON keeps the recording's shape (PONs from 110, ONUs from about 1050 in blocks of 128);
// EPON, with no recording, uses small numbers in blocks of 64.
export const EPON_IF: BdcomIfLayout = {
  ponIfIndex: (p) => 10 + p,
  onuIfIndex: (p, o) => 40 + (p - 1) * 64 + o,
  ifName: bdcomEpon.ifName,
};
export const GPON_IF: BdcomIfLayout = {
  ponIfIndex: (p) => 109 + p,
  onuIfIndex: (p, o) => 1050 + (p - 1) * 128 + o,
  ifName: bdcomGpon.ifName,
};

function uplinks(): IfRow[] {
  return [1, 2, 3, 4].map((n) => ({
    ifIndex: n,
    descr: `GigaEthernet0/${n}`,
    type: 6,
    speedBps: 1_000_000_000,
    up: () => n <= 2,
  }));
}

/** ifTable/ifXTable: four uplinks, then the PONs, then one interface per ONU. */
export function addBdcomIfTables(mib: VirtualMib, state: OltState, l: BdcomIfLayout): void {
  addIfTables(
    mib,
    () => [
      ...uplinks(),
      ...Array.from({ length: state.spec.ponPorts }, (_, i) => ({
        ifIndex: l.ponIfIndex(i + 1),
        descr: l.ifName.pon(i + 1),
        type: 1,
        speedBps: 1_000_000_000,
        up: () => state.ponUp(i + 1),
      })),
      ...state.refs().map((r) => ({
        ifIndex: l.onuIfIndex(r.ponPort, r.onuId),
        descr: l.ifName.onu(r.ponPort, r.onuId),
        type: 1,
        speedBps: 1_000_000_000,
        alias: state.onu(r.ponPort, r.onuId)?.description ?? '',
        up: () => state.onu(r.ponPort, r.onuId)?.status === 'online',
      })),
    ],
    () => state.version,
  );
}

const OFFLINE_SENTINEL = -65535;

/** A MAC as six octets; all zeros where the ONU is gone. */
export const macOctets = (mac: string | undefined): MibValue =>
  octets(Uint8Array.from(codec.macToBytes(mac ?? '00:00:00:00:00:00')));

/** An optical reading, or the sentinel BDCOM answers for an ONU without one. */
export function opt(v: number | null, enc: (n: number) => number, offline = OFFLINE_SENTINEL): MibValue {
  return int(v === null ? offline : enc(v));
}

/**
 * EPON dereg code for a reason, from the profile's table (a reboot is the first reboot code, `normal`). An admin
 * down is `llid-admin-down`: of the codes the table calls admin it is the one whose CLI word the drivers' text
 * rules read back as admin too.
 */
export function eponReasonCode(r: SimReason): number {
  const t = bdcomEpon.deregReasonCodes;
  if (r === 'admin') {
    const hit = Object.entries(t).find(([, v]) => v.raw === 'llid-admin-down');
    if (hit) return Number(hit[0]);
  }
  return codec.reasonToCode(r, t);
}

/** Dereg reason as the EPON CLI words it: the raw names of the profile's code table (`power-off`, `mpcp-down` …). */
export function eponReasonWord(r: SimReason): string {
  return bdcomEpon.deregReasonCodes[eponReasonCode(r)]?.raw ?? 'unknow';
}

/** Dereg reason as the GPON CLI words it (the code table has the SNMP enum names instead). */
export function gponReasonWord(r: SimReason): string {
  return bdcomGpon.cliReasonWords[r];
}

/** An offline ONU is `lost` after LOS and `deregistered` otherwise, in every BDCOM status table. */
export const downWord = (o: SimOnu): 'lost' | 'deregistered' =>
  o.lastDeregReason === 'los' ? 'lost' : 'deregistered';

/** onuStatus / bind status / GPON status codes, looked up by the profile's own words. */
export function eponStatusCode(o: SimOnu): number {
  return codeByRaw(bdcomEpon.onuStatusCodes, o.status === 'online' ? 'auto_config' : downWord(o));
}

export function bindStatusCode(o: SimOnu): number {
  return codeByRaw(bdcomEpon.bindStatusCodes, o.status === 'online' ? 'authenticated' : downWord(o));
}

export function gponStatusCode(o: SimOnu): number {
  return codeByRaw(bdcomGpon.onuStatusCodes, o.status === 'online' ? 'auto-config' : downWord(o));
}
