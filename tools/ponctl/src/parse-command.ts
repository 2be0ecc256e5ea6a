/**
 * `ponctl parse`: saved CLI output (a file or standard input) read by the driver's own parser for the command that
 * printed it, printed as the JSON array `ponctl onus --json` prints. For checking a capture from a new box or
 * firmware against the drivers without a device.
 */
import { readFile } from 'node:fs/promises';
import { parseCliOutput } from '@pondesk/device-drivers';
import type { ParseArgs } from './ponctl-args';
import type { Io } from './ponctl';

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

/** Throws the parser's DriverError (unknown command, unsupported output) for the caller to report. */
export async function runParse(a: ParseArgs, io: Io): Promise<void> {
  const text = a.file !== undefined ? await readFile(a.file, 'utf8') : await readAll(io.in ?? process.stdin);
  const rows = parseCliOutput(a.brand, a.mode, a.cliCommand, text);
  io.out(JSON.stringify(rows, null, 2));
}
