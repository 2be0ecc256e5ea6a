/** Driver-side readers of the real device data (tests and bench only); the locator is device-snmp's. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cliSample, deviceDataDir, deviceDataPath } from '@pondesk/device-snmp/testing';

export { cliSample, deviceDataPath };

export const DEVICE_DATA_DIR = deviceDataDir();

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
