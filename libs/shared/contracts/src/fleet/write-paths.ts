/**
 * Every way a driver may reboot, delete or clear ONUs, per brand and mode, in order of preference, each
 * with the evidence behind its syntax (device-data CLI-ACTIONS.md §0–§6). A driver takes the first path
 * whose transport this OLT's stored credentials allow; the API shows the same choice to the operator before
 * the write, from the same table.
 *
 * Paths known to fail are left out on purpose: C-Data EPON SNMP writes (genError on current firmware),
 * C-Data 34592 writes on V3, HSGQ GPON CLI reboot (echoed, no effect), V-SOL's BDCOM-syntax scripts.
 */
import type { OltWritePaths, OnuWriteKind, WritePathInfo } from './device-writes';
import type { OltBrandCode as Brand, OltModeCode as PonMode } from './vocabulary';

/** What this OLT's stored credentials allow. */
export interface WriteMeans {
  /** An SNMP write community is stored. */
  snmpWrite: boolean;
  /** A telnet login is stored. */
  telnet: boolean;
  /** A web login is stored (HSGQ/AVIES boxes). */
  http: boolean;
}

type Table = Record<Brand, Record<PonMode, Record<OnuWriteKind, readonly WritePathInfo[]>>>;

const path = (
  kind: OnuWriteKind,
  via: WritePathInfo['via'],
  evidence: WritePathInfo['evidence'],
  steps: string[],
  source: string,
): WritePathInfo => ({ kind, via, evidence, steps, source });

const BDCOM_TOOLS = 'Ubilling, switcher-core, plugin_bdcom and PONMONITOR, run against live BDCOM OLTs';
const CDATA_LIVE = 'three tools run on live C-Data OLTs (switcher-core, HD_ALUS, KusumaVision)';

export const WRITE_PATHS: Table = {
  bdcom: {
    epon: {
      reboot: [
        // NMS-EPON-ONU onuReset: reset(0), no-reset(1) — the inverted sense is the MIB's.
        path('reboot', 'snmp', 'production', ['SET 1.3.6.1.4.1.3320.101.10.1.1.29.<idx> i 0'], BDCOM_TOOLS),
        path(
          'reboot',
          'cli',
          'production',
          ['epon reboot onu interface EPON0/<p>:<o>', 'y (when asked)'],
          BDCOM_TOOLS,
        ),
      ],
      delete: [
        path(
          'delete',
          'cli',
          'production',
          ['config', 'interface EPON0/<p>', 'no epon bind-onu sequence <o>', 'exit', 'exit', 'write all'],
          'switcher-core, djing2, PONMONITOR and Ubilling, run against live BDCOM OLTs',
        ),
      ],
      clearPort: [
        path(
          'clearPort',
          'cli',
          'production',
          [
            'config',
            'interface EPON0/<p>',
            'no epon bind-onu sequence <o> (each ONU the port lists)',
            'exit',
            'exit',
            'write all',
          ],
          'Ubilling bdcom_epon_if_tflush (the same unbind, looped over the port)',
        ),
      ],
    },
    gpon: {
      reboot: [
        path('reboot', 'snmp', 'production', ['SET 1.3.6.1.4.1.3320.10.3.2.1.4.<idx> i 1'], BDCOM_TOOLS),
        path(
          'reboot',
          'cli',
          'production',
          ['gpon reboot onu interface GPON0/<p>:<o>', 'y (when asked)'],
          'PONMONITOR and a pexpect bot, run against live BDCOM GPON OLTs',
        ),
      ],
      delete: [
        path(
          'delete',
          'cli',
          'production',
          ['config', 'interface GPON 0/<p>', 'no gpon bind-onu sequence <o>', 'exit', 'exit', 'write all'],
          'switcher-core GP3600 and PONMONITOR, run against live BDCOM GPON OLTs',
        ),
      ],
      clearPort: [],
    },
  },
  vsol: {
    epon: {
      reboot: [
        path(
          'reboot',
          'snmp',
          'production',
          [
            'SET 1.3.6.1.4.1.37950.1.1.5.12.1.15.1.0 i <p>, 1.3.6.1.4.1.37950.1.1.5.12.1.15.2.0 i <o> (one request)',
          ],
          'Ubilling V_SOL_V1600D, in production since 2020',
        ),
        path(
          'reboot',
          'cli',
          'inferred',
          ['configure terminal', 'interface epon 0/<p>', 'onu <o> ctc reset', 'exit'],
          'an UPLINK EP-series CLI manual; not confirmed on a V-SOL box',
        ),
      ],
      delete: [
        path(
          'delete',
          'snmp',
          'production',
          [
            'SET 1.3.6.1.4.1.37950.1.1.5.12.1.8.1.0 i <p>, 1.3.6.1.4.1.37950.1.1.5.12.1.8.2.0 i <o> (one request)',
          ],
          'Ubilling V_SOL_V1600D, in production since 2020',
        ),
        path(
          'delete',
          'cli',
          'inferred',
          ['configure terminal', 'interface epon 0/<p>', 'no onu auth onuid <o>', 'exit'],
          'an UPLINK EP-series CLI manual; not confirmed on a V-SOL box',
        ),
      ],
      clearPort: [],
    },
    gpon: {
      reboot: [
        path(
          'reboot',
          'snmp',
          'production',
          [
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.1.0 i <p>',
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.2.0 i <o>',
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0 i 1 (reboot)',
          ],
          'switcher-core V1600G (gOnuOpAction in the vendor MIB)',
        ),
        path(
          'reboot',
          'cli',
          'inferred',
          ['configure terminal', 'interface gpon 0/<p>', 'onu <o> reboot', 'exit'],
          'the V1600G CLI manual v2.1; not confirmed on a device',
        ),
      ],
      delete: [
        path(
          'delete',
          'cli',
          'production',
          ['configure terminal', 'interface gpon 0/<p>', 'no onu <o>', 'exit'],
          'a command reference confirmed live on V-SOL GPON hardware',
        ),
        path(
          'delete',
          'snmp',
          'production',
          [
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.1.0 i <p>',
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.2.0 i <o>',
            'SET 1.3.6.1.4.1.37950.1.1.6.1.1.5.3.0 i 2 (delete)',
          ],
          'switcher-core V1600G (gOnuOpAction in the vendor MIB)',
        ),
      ],
      clearPort: [
        path(
          'clearPort',
          'cli',
          'production',
          ['configure terminal', 'interface gpon 0/<p>', 'no onu all', 'exit'],
          'a command reference confirmed live on V-SOL GPON hardware',
        ),
      ],
    },
  },
  cdata: {
    epon: {
      reboot: [
        path(
          'reboot',
          'cli',
          'production',
          ['config', 'interface epon 0/0', 'ont reboot <p> <o>', 'exit'],
          CDATA_LIVE,
        ),
      ],
      delete: [
        path(
          'delete',
          'cli',
          'production',
          ['config', 'interface epon 0/0', 'ont delete <p> <o>', 'y (when asked)', 'exit', 'save'],
          CDATA_LIVE,
        ),
      ],
      clearPort: [
        path(
          'clearPort',
          'cli',
          'production',
          ['config', 'interface epon 0/0', 'ont delete <p> all', 'y (when asked)', 'exit', 'save'],
          "KusumaVision's live context help on FD1108S and FD1608S",
        ),
      ],
    },
    gpon: {
      reboot: [
        path(
          'reboot',
          'cli',
          'production',
          ['config', 'interface gpon 0/0', 'ont reboot <p> <o>', 'exit'],
          CDATA_LIVE,
        ),
        path(
          'reboot',
          'snmp',
          'production',
          ['SET 1.3.6.1.4.1.17409.2.8.4.1.1.10.<idx> i 1'],
          'switcher-core fd-gpon-series (NSCRTV-FTTX-GPON resetONU)',
        ),
      ],
      delete: [
        path(
          'delete',
          'cli',
          'production',
          ['config', 'interface gpon 0/0', 'ont delete <p> <o>', 'y (when asked)', 'exit', 'save'],
          CDATA_LIVE,
        ),
      ],
      clearPort: [
        path(
          'clearPort',
          'cli',
          'production',
          ['config', 'interface gpon 0/0', 'ont delete <p> all', 'y (when asked)', 'exit', 'save'],
          "KusumaVision's live context help on FD1608S",
        ),
      ],
    },
  },
  avies: {
    epon: {
      reboot: [
        path(
          'reboot',
          'http',
          'production',
          ['POST /onumgmt?form=config {"method":"set","param":{"port_id":<p>,"onu_id":<o>,"flags":1}}'],
          'the HSGQ web API as third-party tools drive it',
        ),
        path(
          'reboot',
          'cli',
          'inferred',
          ['configure', 'interface epon <p>', 'onu-reboot <o>', 'exit'],
          'the XE04I command tree only; never seen working',
        ),
      ],
      delete: [
        path(
          'delete',
          'http',
          'production',
          ['POST /onu_allow_list?form=onucfg {"method":"delete",…}'],
          'the HSGQ web API as third-party tools drive it',
        ),
      ],
      clearPort: [],
    },
    gpon: {
      // The CLI reboot is echoed without effect on HSGQ GPON (HD_ALUS logs): no CLI path on purpose.
      reboot: [
        path(
          'reboot',
          'http',
          'production',
          ['POST /gponont_mgmt?form=info {"method":"set","param":{"identifier":<idx>,"flags":4}}'],
          'the HSGQ web API as third-party tools drive it',
        ),
      ],
      delete: [
        path(
          'delete',
          'http',
          'production',
          ['POST /gponont_mgmt?form=auth {"method":"delete",…}'],
          'the HSGQ web API as third-party tools drive it',
        ),
      ],
      clearPort: [],
    },
  },
};

const NEEDS: Record<WritePathInfo['via'], { key: keyof WriteMeans; words: string }> = {
  snmp: { key: 'snmpWrite', words: 'an SNMP write community' },
  cli: { key: 'telnet', words: 'a telnet login' },
  http: { key: 'http', words: 'a web login' },
};

const KIND_WORDS: Record<OnuWriteKind, string> = {
  reboot: 'ONU reboot',
  delete: 'ONU delete',
  clearPort: 'port clear',
};

/** The path one write takes on an OLT of this brand and mode with these credentials; null when none. */
export function planWrite(
  brand: Brand,
  mode: PonMode,
  kind: OnuWriteKind,
  means: WriteMeans,
): WritePathInfo | null {
  return WRITE_PATHS[brand][mode][kind].find((p) => means[NEEDS[p.via].key]) ?? null;
}

/** Every write's path on one OLT, and for each write without one, why. */
export function planWrites(brand: Brand, mode: PonMode, means: WriteMeans): OltWritePaths {
  const out: OltWritePaths = { reboot: null, delete: null, clearPort: null, missing: {} };
  for (const kind of ['reboot', 'delete', 'clearPort'] as const) {
    const chosen = planWrite(brand, mode, kind, means);
    out[kind] = chosen;
    if (chosen) continue;
    const candidates = WRITE_PATHS[brand][mode][kind];
    out.missing[kind] =
      candidates.length === 0
        ? `No ${KIND_WORDS[kind]} command with evidence is known for ${brand.toUpperCase()} ${mode.toUpperCase()}`
        : `The ${KIND_WORDS[kind]} needs ${[...new Set(candidates.map((c) => NEEDS[c.via].words))].join(' or ')} for this OLT`;
  }
  return out;
}
