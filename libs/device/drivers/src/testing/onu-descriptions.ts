/**
 * Every ONU description and name string in the real device recordings (tests only): the SNMP recordings'
 * ONU name/description columns and ONU interface names, the CLI transcripts' name/description columns as
 * the profiles' parsers read them, and the HSGQ web samples' name/description fields.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as profiles from '../profiles';
import { blocks, DEVICE_DATA_DIR } from './device-data';

export interface FoundDescription {
  text: string;
  /** Where it was found (first file), relative to the recordings. */
  source: string;
}

function files(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...files(p, suffix));
    else if (name.endsWith(suffix)) out.push(p);
  }
  return out;
}

/** ONU description/name columns of every brand (the ONU's own text, not the port's). */
const DESCRIPTION_OIDS = [
  profiles.bdcomEpon.oids.bindDescription,
  profiles.vsolEpon.oids.authDescription,
  profiles.vsolGpon.oids.name,
  profiles.cdataEpon.oids.onuName,
  profiles.cdataGpon.oids.onuName,
  profiles.hsgq.snmpOids.onuName,
];
const IF_NAME_OIDS = ['1.3.6.1.2.1.2.2.1.2', '1.3.6.1.2.1.31.1.1.1.1', '1.3.6.1.2.1.31.1.1.1.18'];
/** An ONU's interface (not a PON, uplink or VLAN): `EPON0/1:3`, `GPON0/4:9`, `GPON01ONU1 …`. */
const ONU_IF = /^(?:[eg]pon\d*\/\d+:\d+|gpon\d+onu\d+)/i;

function snmprecValue(type: string, value: string): string {
  // `4x` is an OCTET STRING in hex; the rest is plain text.
  return type === '4x' ? Buffer.from(value, 'hex').toString('latin1').replace(/\0+$/, '') : value;
}

function fromSnmp(): FoundDescription[] {
  const out: FoundDescription[] = [];
  for (const file of files(join(DEVICE_DATA_DIR, 'snmp'), '.snmprec')) {
    const source = relative(DEVICE_DATA_DIR, file);
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      const [oid, type, ...rest] = line.replace(/\r$/, '').split('|');
      if (!type || !type.startsWith('4')) continue;
      const text = snmprecValue(type, rest.join('|'));
      if (DESCRIPTION_OIDS.some((o) => oid.startsWith(`${o}.`))) out.push({ text, source });
      else if (IF_NAME_OIDS.some((o) => oid.startsWith(`${o}.`)) && ONU_IF.test(text.trim()))
        out.push({ text, source });
    }
  }
  return out;
}

type Parser = (text: string) => unknown;
/** Per brand folder of `cli/`, every profile parser whose rows carry an ONU's name or description. */
const CLI_PARSERS: Record<string, Parser[]> = {
  avies: [profiles.hsgq.parseOnuInfoAll],
  bdcom: [profiles.bdcomEpon.parseOnuInformation, profiles.bdcomGpon.parseOnuInformation],
  cdata: [profiles.cdata.parseOntInfoTable, (t) => [profiles.cdata.parseOntDetail(t)]],
  vsol: [
    profiles.vsolEpon.parseStatusRows,
    profiles.vsolEpon.parseAuthInfo,
    profiles.vsolGpon.parseOnuInfo,
    profiles.vsolGpon.parseInterfaceBrief,
  ],
};

function textFields(rows: unknown, keys: readonly string[]): string[] {
  if (!Array.isArray(rows)) return [];
  const out: string[] = [];
  for (const r of rows) {
    if (typeof r !== 'object' || r === null) continue;
    for (const k of keys) {
      const v = (r as Record<string, unknown>)[k];
      if (typeof v === 'string') out.push(v);
    }
  }
  return out;
}

function fromCli(): FoundDescription[] {
  const out: FoundDescription[] = [];
  for (const file of files(join(DEVICE_DATA_DIR, 'cli'), '')) {
    const source = relative(DEVICE_DATA_DIR, file);
    const parsers = CLI_PARSERS[source.split('/')[1]] ?? [];
    const whole = readFileSync(file, 'utf8');
    const at = whole.indexOf('# ---- verbatim data below');
    const text = at < 0 ? whole : whole.slice(whole.indexOf('\n', at) + 1);
    const parts = [text, ...blocks(text).map((b) => b.body)];
    for (const part of parts)
      for (const parse of parsers) {
        let rows: unknown;
        try {
          rows = parse(part);
        } catch {
          continue; // a parser meeting another command's output
        }
        for (const t of textFields(rows, ['description', 'name', 'label'])) out.push({ text: t, source });
      }
  }
  return out;
}

const HTTP_KEYS = new Set(['onu_name', 'onu_desc', 'ont_name', 'ont_description']);

function walkJson(v: unknown, found: string[]): void {
  if (Array.isArray(v)) v.forEach((x) => walkJson(x, found));
  else if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v)) {
      if (HTTP_KEYS.has(k) && typeof x === 'string') found.push(x);
      else walkJson(x, found);
    }
}

function fromHttp(): FoundDescription[] {
  const out: FoundDescription[] = [];
  for (const file of files(join(DEVICE_DATA_DIR, 'http'), '.json')) {
    const found: string[] = [];
    walkJson(JSON.parse(readFileSync(file, 'utf8')), found);
    for (const text of found) out.push({ text, source: relative(DEVICE_DATA_DIR, file) });
  }
  return out;
}

/** Each distinct string once (first place it was found), in a stable order. */
export function recordedOnuDescriptions(): FoundDescription[] {
  const seen = new Map<string, FoundDescription>();
  for (const d of [...fromSnmp(), ...fromCli(), ...fromHttp()]) if (!seen.has(d.text)) seen.set(d.text, d);
  return [...seen.values()];
}
