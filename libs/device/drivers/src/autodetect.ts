import type { SnmpClient } from '@pondesk/device-snmp';
import { bdcomModelFromSysDescr, bdcomDetect } from './profiles/bdcom-common';
import { vsolDetect, vsolModelFromText } from './profiles/vsol-common';
import { cdataDetect } from './profiles/cdata-common';
import { detect as hsgqDetect } from './profiles/avies-hsgq';
import { cisco, entitySensor, mikrotik, nmsIf, snr } from './profiles/switch-optics';
import { codec } from './profiles';
import type { DetectedDevice, PonMode } from './types';
import { readSystemGroup } from './support/base-olt-driver';
import { str } from './support/snmp-table';

const has = (prefixes: readonly string[], oid: string | null): boolean =>
  oid !== null &&
  prefixes.some((p) => oid === p.replace(/\.$/, '') || oid.startsWith(p.endsWith('.') ? p : p + '.'));

/** Pure part of detection: from sysObjectID and sysDescr alone. */
export function detectFromSystem(sysObjectId: string | null, sysDescr: string | null): DetectedDevice | null {
  const base = { sysObjectId, sysDescr, switchKind: null };
  const d = sysDescr ?? '';
  if (has(bdcomDetect.sysObjectIdPrefixes, sysObjectId) || bdcomDetect.sysDescr.test(d)) {
    const m = bdcomModelFromSysDescr(d);
    if (m.mode) return { ...base, kind: 'olt', brand: 'bdcom', mode: m.mode, model: m.model };
    // A BDCOM without a PON model in sysDescr is a switch (S2900 …) with NMS-IF-MIB optics.
    return {
      ...base,
      kind: 'switch',
      brand: null,
      mode: null,
      switchKind: 'nms-if',
      model: /\bS\d{4}[-\w]*/.exec(d)?.[0] ?? null,
    };
  }
  if (has(vsolDetect.sysObjectIdPrefixes, sysObjectId) || vsolDetect.sysDescr.test(d)) {
    const m = vsolModelFromText(d);
    return { ...base, kind: 'olt', brand: 'vsol', mode: m.mode, model: m.model };
  }
  if (has(cdataDetect.sysObjectIdPrefixes, sysObjectId) || cdataDetect.sysDescr.test(d)) {
    const mode: PonMode | null = cdataDetect.gponModel.test(d)
      ? 'gpon'
      : cdataDetect.eponModel.test(d)
        ? 'epon'
        : null;
    return {
      ...base,
      kind: 'olt',
      brand: 'cdata',
      mode,
      model: (cdataDetect.gponModel.exec(d) ?? cdataDetect.eponModel.exec(d))?.[0] ?? null,
    };
  }
  if (has(hsgqDetect.sysObjectIdPrefixes, sysObjectId) || hsgqDetect.sysDescr.test(d)) {
    const model = /\b(?:HSGQ|AVIES|AVEIS)[-\w]*/i.exec(d)?.[0] ?? null;
    return {
      ...base,
      kind: 'olt',
      brand: 'avies',
      mode: model ? hsgqDetect.modeFromModel(model) : null,
      model,
    };
  }
  if (has(snr.detect.sysObjectIdPrefixes, sysObjectId) || snr.detect.sysDescr.test(d))
    return {
      ...base,
      kind: 'switch',
      brand: null,
      mode: null,
      switchKind: 'snr',
      model: /^(SNR-\S+)/.exec(d)?.[1] ?? null,
    };
  if (has(cisco.detect.sysObjectIdPrefixes, sysObjectId) || cisco.detect.sysDescr.test(d))
    return {
      ...base,
      kind: 'switch',
      brand: null,
      mode: null,
      switchKind: 'cisco',
      model: /\((C\w+)-/.exec(d)?.[1] ?? null,
    };
  if (has(mikrotik.detect.sysObjectIdPrefixes, sysObjectId) || mikrotik.detect.sysDescr.test(d))
    return { ...base, kind: 'switch', brand: null, mode: null, switchKind: 'mikrotik', model: null };
  return null;
}

/**
 * Full detection: system group first, then vendor probes for boxes whose walks lack it
 * (V-SOL model scalar, HSGQ model scalar, C-Data / BDCOM table roots, ENTITY-SENSOR).
 */
export async function autodetect(client: SnmpClient): Promise<DetectedDevice | null> {
  const sys = await readSystemGroup(client);
  const found = detectFromSystem(sys.sysObjectId, sys.sysDescr);
  if (found && (found.kind === 'switch' || found.mode !== null)) return found;

  const probes = await client.getMap([vsolDetect.eponModelOid, hsgqDetect.modelOid]);
  const vsolModel = codec.textOrNull(str(probes.get(vsolDetect.eponModelOid)));
  const hsgqModel = codec.textOrNull(str(probes.get(hsgqDetect.modelOid)));
  const base = { sysObjectId: sys.sysObjectId, sysDescr: sys.sysDescr, switchKind: null };
  if (hsgqModel)
    return {
      ...base,
      kind: 'olt',
      brand: 'avies',
      mode: hsgqDetect.modeFromModel(hsgqModel) ?? 'gpon',
      model: hsgqModel,
    };
  if (vsolModel || found?.brand === 'vsol') {
    const model = vsolModel ?? found?.model ?? null;
    const fromModel = model ? vsolModelFromText(model).mode : null;
    const mode = fromModel ?? ((await client.hasSubtree(vsolDetect.gponProbeOid)) ? 'gpon' : 'epon');
    return { ...base, kind: 'olt', brand: 'vsol', mode, model };
  }
  if (found?.brand === 'cdata') {
    const mode = (await client.hasSubtree(cdataDetect.gponProbeOid)) ? 'gpon' : 'epon';
    return { ...found, mode };
  }
  if (found?.brand === 'bdcom') {
    const mode = (await client.hasSubtree('1.3.6.1.4.1.3320.10.2.1.1.1')) ? 'gpon' : 'epon';
    return { ...found, mode };
  }
  if (found) return found;
  if (await client.hasSubtree(hsgqDetect.gponProbeOid))
    return { ...base, kind: 'olt', brand: 'avies', mode: 'gpon', model: null };
  // GPON first: EPON firmware has no 37950.1.1.6 tree, while GPON boxes share some 37950.1.1.5 scalars.
  if (await client.hasSubtree(vsolDetect.gponProbeOid))
    return { ...base, kind: 'olt', brand: 'vsol', mode: 'gpon', model: null };
  if (await client.hasSubtree(vsolDetect.eponProbeOid))
    return { ...base, kind: 'olt', brand: 'vsol', mode: 'epon', model: null };
  if (await client.hasSubtree(nmsIf.detect.probeOid))
    return { ...base, kind: 'switch', brand: null, mode: null, switchKind: 'nms-if', model: null };
  if (await client.hasSubtree(entitySensor.detect.probeOid))
    return { ...base, kind: 'switch', brand: null, mode: null, switchKind: 'entity-sensor', model: null };
  return null;
}
