/** Access to the real device data in ../shared/device-data (tests and bench only). */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deviceDataDir } from '@pondesk/device-snmp';

export const DEVICE_DATA_DIR = deviceDataDir();

export function deviceDataPath(rel: string): string {
  const p = join(DEVICE_DATA_DIR, rel);
  if (!existsSync(p)) throw new Error(`device data missing: ${p}`);
  return p;
}

/** The text after the `# ---- verbatim data below` header line of a CLI sample. */
export function cliSample(rel: string): string {
  const text = readFileSync(deviceDataPath(join('cli', rel)), 'utf8');
  const at = text.indexOf('# ---- verbatim data below');
  if (at < 0) throw new Error(`${rel}: no verbatim marker`);
  return text.slice(text.indexOf('\n', at) + 1);
}

/** Split a sample into its `===== title` blocks. */
export function blocks(text: string): { title: string; body: string }[] {
  const out: { title: string; body: string }[] = [];
  let cur: { title: string; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    // `=====` or `===== title` starts a block; longer rules of `=` are decoration inside a sample.
    const m = /^=====(?:\s(.*))?$/.exec(line.trimEnd());
    if (m) {
      if (cur) out.push({ title: cur.title, body: cur.lines.join('\n') });
      cur = { title: (m[1] ?? '').trim(), lines: [] };
    } else if (cur) cur.lines.push(line);
  }
  if (cur) out.push({ title: cur.title, body: cur.lines.join('\n') });
  return out;
}

export function httpSample<T = unknown>(name: string): T {
  return JSON.parse(readFileSync(deviceDataPath(join('http/hsgq', name)), 'utf8')) as T;
}

export function httpSampleText(name: string): string {
  return readFileSync(deviceDataPath(join('http/hsgq', name)), 'utf8');
}
