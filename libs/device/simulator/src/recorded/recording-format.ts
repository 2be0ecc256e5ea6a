/**
 * A device recording (`ponctl record`): one gzip-compressed JSON file, `*.ponrec.json.gz`, holding what a real
 * device answered to the drivers' reads, already redacted. The simulator serves it as a device (`--archive`).
 *
 * ```
 * { "format": "pondesk-device-recording", "version": 1,
 *   "meta":    { kind, brand, mode, ponctlVersion, recordedAt, transports, reads, redaction, onus },
 *   "snmprec": "oid|tag|value\n…",                       // snmpsim's format, sorted by OID
 *   "cli":     [{ prompt, command, output, next }, …],   // prompt null + command '' = the login
 *   "http":    [{ method, path, body, status, response }, …] }
 * ```
 * The host, the community, user names and passwords are never stored; MACs, serials, host names and IPv4
 * addresses are pseudonyms (see the ponctl README section "Sending a device recording").
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { OLT_MODES } from '@pondesk/contracts';

export const RECORDING_FORMAT = 'pondesk-device-recording';
export const RECORDING_VERSION = 1;
/** The file name ending `ponctl record` suggests and the simulator expects. */
export const RECORDING_EXTENSION = '.ponrec.json.gz';

const readSchema = z
  .object({
    /** The driver read (`listOnus`, `onuHistory` …). */
    what: z.string(),
    /** `PON:ID` for per-ONU reads. */
    onu: z.string().optional(),
    ok: z.boolean(),
    /** Rows it returned. */
    items: z.number().int().optional(),
    /** Why it failed (redacted like everything else). */
    error: z.string().optional(),
  })
  .strict();

const redactionSchema = z
  .object({
    macs: z.number().int(),
    serials: z.number().int(),
    hostnames: z.number().int(),
    ipv4: z.number().int(),
    /** Places where a credential or the host name the recording was made against was cut out. */
    secrets: z.number().int(),
  })
  .strict();

const metaSchema = z
  .object({
    kind: z.enum(['olt', 'switch']),
    /** OLT brand code, or the switch kind (`snr`, `cisco` …). */
    brand: z.string().nullable(),
    mode: z.enum(OLT_MODES).nullable(),
    ponctlVersion: z.string(),
    recordedAt: z.string(),
    transports: z.object({ snmp: z.boolean(), telnet: z.boolean(), http: z.boolean() }).strict(),
    reads: z.array(readSchema),
    redaction: redactionSchema,
    /** ONUs the device listed (active ones). */
    onus: z.number().int(),
  })
  .strict();

const cliSchema = z
  .object({
    prompt: z.string().nullable(),
    command: z.string(),
    output: z.string(),
    next: z.string().nullable(),
  })
  .strict();

const httpSchema = z
  .object({
    method: z.enum(['GET', 'POST']),
    path: z.string(),
    body: z.string().nullable(),
    status: z.number().int(),
    response: z.string(),
  })
  .strict();

export const recordingSchema = z
  .object({
    format: z.literal(RECORDING_FORMAT),
    version: z.literal(RECORDING_VERSION),
    meta: metaSchema,
    snmprec: z.string(),
    cli: z.array(cliSchema),
    http: z.array(httpSchema),
  })
  .strict();

export type DeviceRecording = z.output<typeof recordingSchema>;
export type RecordingMeta = DeviceRecording['meta'];
export type RecordedRead = z.output<typeof readSchema>;
export type RedactionCounts = z.output<typeof redactionSchema>;
export type CliExchange = z.output<typeof cliSchema>;
export type HttpExchange = z.output<typeof httpSchema>;

/** The file's bytes: indented JSON (readable after `gunzip`), gzip-compressed. */
export function encodeRecording(rec: DeviceRecording): Buffer {
  return gzipSync(Buffer.from(`${JSON.stringify(recordingSchema.parse(rec), null, 1)}\n`, 'utf8'));
}

/** Reads gzip'd or plain (already gunzipped) JSON; throws with the reason when it is not a recording. */
export function decodeRecording(bytes: Buffer): DeviceRecording {
  const gzipped = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  const text = (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('not a device recording: the file is not (gzip-compressed) JSON');
  }
  const parsed = recordingSchema.safeParse(data);
  if (!parsed.success)
    throw new Error(
      `not a device recording (${RECORDING_FORMAT} v${RECORDING_VERSION}): ${parsed.error.message}`,
    );
  return parsed.data;
}

export function readRecording(path: string): DeviceRecording {
  return decodeRecording(readFileSync(path));
}

export function writeRecording(path: string, rec: DeviceRecording): void {
  writeFileSync(path, encodeRecording(rec), { mode: 0o600 });
}
