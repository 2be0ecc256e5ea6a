import {
  DriverError,
  DriverErrorCode,
  closeHsgqSessions,
  openDevice,
  type OltDriver,
  type OnuRef,
  type SwitchDriver,
} from '@pondesk/device-drivers';
import { createInterface } from 'node:readline';
import { HsgqError } from '@pondesk/device-http';
import { SnmpError } from '@pondesk/device-snmp';
import { parseSyslogLine } from '@pondesk/device-syslog';
import { TelnetError, TelnetErrorCode } from '@pondesk/device-telnet';
import { RouterOsError } from '@pondesk/device-routeros';
import { USAGE, UsageError, parsePonctlArgs, type PonctlArgs, type SyslogArgs } from './ponctl-args';
import type { ParseArgs } from './ponctl-args';
import { runParse } from './parse-command';
import { renderKeyValues, renderTable, type Cell } from './table-format';
import { runRecord } from './record-command';
import { describeRouterOsError, runRouter, type RouterArgs } from './router-command';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Standard input (`syslog` reads its lines from it); process.stdin when absent. */
  in?: NodeJS.ReadableStream;
}

const ONU_COLUMNS = [
  { key: 'ifName', title: 'ONU' },
  { key: 'status', title: 'STATUS' },
  { key: 'mac', title: 'MAC' },
  { key: 'serial', title: 'SERIAL' },
  { key: 'description', title: 'DESCRIPTION' },
  { key: 'rxDbm', title: 'RX dBm' },
  { key: 'txDbm', title: 'TX dBm' },
  { key: 'temperatureC', title: 'TEMP C' },
  { key: 'distanceM', title: 'DIST m' },
  { key: 'lastDeregReason', title: 'LAST DOWN' },
  { key: 'lastDeregReasonRaw', title: 'RAW REASON' },
  { key: 'lastDeregTime', title: 'DOWN AT' },
];

type Row = Record<string, Cell>;
const rows = (xs: readonly object[]): Row[] => xs.map((x) => x as Row);

/** One line saying why, for people and for scripts' logs. */
export function describeError(e: unknown): string {
  if (e instanceof UsageError) return e.message;
  if (e instanceof SnmpError) {
    const kind =
      e.code === 'SNMP_TIMEOUT'
        ? 'timeout'
        : e.code === 'SNMP_AUTH'
          ? 'auth'
          : e.code === 'SNMP_UNREACHABLE'
            ? 'unreachable'
            : 'snmp';
    return `${kind}: ${e.message}`;
  }
  if (e instanceof TelnetError) {
    const kind =
      e.code === 'TELNET_AUTH_FAILED' || e.code === 'TELNET_ENABLE_FAILED'
        ? 'auth'
        : e.code === 'TELNET_CONNECT_FAILED'
          ? 'unreachable'
          : /TIMEOUT/.test(e.code)
            ? 'timeout'
            : 'telnet';
    return `${kind}: ${e.message}`;
  }
  if (e instanceof HsgqError) {
    const kind =
      e.code === 'HSGQ_AUTH_FAILED' || e.code === 'HSGQ_SESSION_REJECTED'
        ? 'auth'
        : e.code === 'HSGQ_TIMEOUT'
          ? 'timeout'
          : e.code === 'HSGQ_UNREACHABLE'
            ? 'unreachable'
            : 'http';
    return `${kind}: ${e.message}`;
  }
  if (e instanceof RouterOsError) return describeRouterOsError(e);
  if (e instanceof DriverError)
    return `${e.code === 'DRIVER_UNSUPPORTED' || e.code === 'DRIVER_UNKNOWN_DEVICE' ? 'unsupported' : 'error'}: ${e.message}`;
  return `error: ${e instanceof Error ? e.message : String(e)}`;
}

function needOnu(a: PonctlArgs): OnuRef {
  if (!a.onu) throw new UsageError(`${a.command} needs --onu PON:ID`);
  return a.onu;
}

async function runOlt(a: PonctlArgs, d: OltDriver, io: Io): Promise<void> {
  const emit = (data: object[], table: () => string) =>
    io.out(a.json ? JSON.stringify(data, null, 2) : table());
  switch (a.command) {
    case 'identify': {
      const id = await d.identify();
      return emit([id], () => renderKeyValues(id as unknown as Row));
    }
    case 'onus':
    case 'inactive': {
      const list =
        a.command === 'onus' ? await d.listOnus({ ponPort: a.ponPort }) : await d.listInactiveOnus();
      const filtered = a.ponPort === undefined ? list : list.filter((o) => o.ponPort === a.ponPort);
      return emit(
        filtered,
        () =>
          `${renderTable(ONU_COLUMNS, rows(filtered))}\n${filtered.length} ONUs, ${filtered.filter((o) => o.status === 'online').length} online`,
      );
    }
    case 'onu': {
      const ref = needOnu(a);
      const all = await d.listOnus({ ponPort: ref.ponPort });
      const row = all.find((o) => o.onuId === ref.onuId);
      if (!row) throw new DriverError(DriverErrorCode.NOT_FOUND, `ONU ${ref.ponPort}:${ref.onuId} not found`);
      let optics = null;
      try {
        optics = await d.readOnuOptics(ref);
      } catch {
        // the list row already carries what SNMP had
      }
      const merged = { ...row, ...(optics ?? {}) };
      for (const k of ['rxDbm', 'txDbm', 'temperatureC', 'voltageV', 'biasMa', 'oltRxDbm'] as const)
        if (merged[k] === null) merged[k] = row[k];
      return emit([merged], () => renderKeyValues(merged as unknown as Row));
    }
    case 'mac': {
      const found = await d.findMac(a.mac ?? '');
      return emit(found, () =>
        found.length === 0
          ? `${a.mac} not found`
          : renderTable(
              [
                { key: 'mac', title: 'MAC' },
                { key: 'kind', title: 'KIND' },
                { key: 'ifName', title: 'ONU/PORT' },
                { key: 'ponPort', title: 'PON' },
                { key: 'onuId', title: 'ONU ID' },
                { key: 'vlan', title: 'VLAN' },
              ],
              rows(found),
            ),
      );
    }
    case 'health': {
      const h = await d.systemHealth();
      return emit([h], () => renderKeyValues(h as unknown as Row));
    }
    case 'ports': {
      const p = await d.listPonPorts();
      const flat = p.map((x) => ({
        ...x,
        optics: undefined,
        sfpTxDbm: x.optics?.txDbm ?? null,
        sfpTemperatureC: x.optics?.temperatureC ?? null,
      }));
      return emit(p, () =>
        renderTable(
          [
            { key: 'ponPort', title: 'PON' },
            { key: 'name', title: 'NAME' },
            { key: 'status', title: 'LINK' },
            { key: 'onuTotal', title: 'ONUS' },
            { key: 'onuOnline', title: 'ONLINE' },
            { key: 'onuOffline', title: 'OFFLINE' },
            { key: 'sfpTxDbm', title: 'SFP TX dBm' },
            { key: 'sfpTemperatureC', title: 'SFP TEMP C' },
          ],
          rows(flat),
        ),
      );
    }
    case 'history': {
      const h = await d.onuHistory(needOnu(a));
      return emit(h, () =>
        renderTable(
          [
            { key: 'time', title: 'TIME' },
            { key: 'event', title: 'EVENT' },
            { key: 'reason', title: 'REASON' },
            { key: 'reasonRaw', title: 'RAW' },
          ],
          rows(h),
        ),
      );
    }
    case 'telnet-check': {
      const r = await d.checkTelnetLogin();
      if (!r.ok)
        throw new TelnetError(
          TelnetErrorCode.AUTH_FAILED,
          r.error ?? 'telnet login failed',
          a.connection.host,
        );
      return emit([r], () => renderKeyValues(r as unknown as Row));
    }
  }
}

async function runSwitch(a: PonctlArgs, d: SwitchDriver, io: Io): Promise<void> {
  if (a.command === 'identify') {
    const id = { kind: d.kind, ...(await d.identify()) };
    io.out(a.json ? JSON.stringify([id], null, 2) : renderKeyValues(id));
    return;
  }
  if (a.command !== 'ports')
    throw new DriverError(
      DriverErrorCode.UNSUPPORTED,
      `${a.command} is for OLTs; this is a ${d.kind} switch (use ports)`,
    );
  const p = await d.listPorts();
  io.out(
    a.json
      ? JSON.stringify(p, null, 2)
      : renderTable(
          [
            { key: 'ifIndex', title: 'IFINDEX' },
            { key: 'name', title: 'PORT' },
            { key: 'link', title: 'LINK' },
            { key: 'rxDbm', title: 'RX dBm' },
            { key: 'txDbm', title: 'TX dBm' },
            { key: 'temperatureC', title: 'TEMP C' },
            { key: 'voltageV', title: 'VOLT' },
            { key: 'biasMa', title: 'BIAS mA' },
          ],
          rows(p),
        ),
  );
}

/**
 * `ponctl syslog`: one JSON object per input line, in input order, as the lines arrive (a blank line is a
 * line too: it prints an `other` object, so output line N always answers input line N).
 */
async function runSyslog(a: SyslogArgs, io: Io): Promise<void> {
  const lines = createInterface({ input: io.in ?? process.stdin, crlfDelay: Infinity, terminal: false });
  const options = a.vendor === undefined ? undefined : { vendor: a.vendor };
  for await (const line of lines) {
    const p = parseSyslogLine(line, options);
    io.out(
      JSON.stringify({
        vendor: p.vendor,
        kind: p.kind,
        time: p.time,
        host: p.host,
        user: p.user,
        onu: p.onu,
        mac: p.mac,
        serial: p.serial,
        reason: p.reason,
        severity: p.severity,
      }),
    );
  }
}

/** Runs one ponctl invocation; returns the process exit code. */
export async function runPonctl(argv: readonly string[], io: Io): Promise<number> {
  let args: PonctlArgs | SyslogArgs | ParseArgs | RouterArgs;
  try {
    args = parsePonctlArgs(argv);
  } catch (e) {
    if (e instanceof UsageError && e.message === '') {
      io.out(USAGE);
      return 0;
    }
    // One line, like every other failure; --help prints the whole usage.
    io.err(`ponctl: ${describeError(e)} (ponctl --help for usage)`);
    return 2;
  }
  if (args.command === 'syslog') {
    try {
      await runSyslog(args, io);
      return 0;
    } catch (e) {
      io.err(`ponctl: ${describeError(e)}`);
      return 1;
    }
  }
  if (args.command === 'parse') {
    try {
      await runParse(args, io);
      return 0;
    } catch (e) {
      io.err(`ponctl: ${describeError(e)}`);
      return 1;
    }
  }
  if (args.command === 'record') {
    return runRecord(args, io, describeError);
  }
  if (args.command === 'router') return runRouter(args, io, describeError);
  let dev: Awaited<ReturnType<typeof openDevice>> | null = null;
  try {
    dev = await openDevice(args.connection, { brand: args.brand, mode: args.mode });
    if (dev.kind === 'olt') await runOlt(args, dev.driver, io);
    else await runSwitch(args, dev.driver, io);
    return 0;
  } catch (e) {
    io.err(`ponctl: ${describeError(e)}`);
    return 1;
  } finally {
    await dev?.driver.close().catch(() => undefined);
    await closeHsgqSessions().catch(() => undefined);
  }
}
