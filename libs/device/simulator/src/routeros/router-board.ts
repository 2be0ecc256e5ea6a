/**
 * `/system/resource` and `/system/routerboard` of a simulated MikroTik, with the property names and value
 * forms of real replies (`api-replies.txt`: a 7.12.2 CCR2004's resource print, a 6.27 reply over the API
 * with plain integers for bytes and percentages).
 */
import type { RouterOsRow } from '@pondesk/device-routeros';
import { hashInts, intBetween, unit } from '../model/seeded-random';
import { routerOsDuration, routerOsBool } from './routeros-values';

/** What a router is: its hardware and the RouterOS it runs. */
export interface RouterModel {
  version: string;
  buildTime: string | null;
  factorySoftware: string | null;
  boardName: string;
  /** Null for a CHR (a virtual router: `routerboard=false`, no model). */
  model: string | null;
  architecture: string;
  cpu: string;
  cpuCount: number;
  totalMemory: number;
  totalHdd: number;
  firmwareType: string | null;
  firmware: string | null;
}

/** A CCR2004 on RouterOS 7.12.2, as in the real resource print. */
export const BRAS_V7: RouterModel = {
  version: '7.12.2 (stable)',
  buildTime: 'Dec/20/2023 08:41:00',
  factorySoftware: '7.6',
  boardName: 'CCR2004-1G-12S+2XS',
  model: 'CCR2004-1G-12S+2XS',
  architecture: 'arm64',
  cpu: 'ARM64',
  cpuCount: 4,
  totalMemory: 4032 * 1024 * 1024,
  totalHdd: 128 * 1024 * 1024,
  firmwareType: 'al2',
  firmware: '7.12.2',
};

/** A router from before 6.43 (the MD5 challenge login): a CCR1036 on 6.42. */
export const BRAS_V6: RouterModel = {
  version: '6.42.12 (long-term)',
  buildTime: null,
  factorySoftware: '6.38.4',
  boardName: 'CCR1036-8G-2S+',
  model: 'CCR1036-8G-2S+',
  architecture: 'tile',
  cpu: 'tilegx',
  cpuCount: 36,
  totalMemory: 4096 * 1024 * 1024,
  totalHdd: 1024 * 1024 * 1024,
  firmwareType: 'tilegx',
  firmware: '6.42.12',
};

/** The platform's concentrator: a Cloud Hosted Router (virtual, so no RouterBOARD). */
export const CHR_V7: RouterModel = {
  version: '7.12.2 (stable)',
  buildTime: 'Dec/20/2023 08:41:00',
  factorySoftware: null,
  boardName: 'CHR',
  model: null,
  architecture: 'x86_64',
  cpu: 'QEMU Virtual CPU version 2.5+',
  cpuCount: 2,
  totalMemory: 1024 * 1024 * 1024,
  totalHdd: 512 * 1024 * 1024,
  firmwareType: null,
  firmware: null,
};

/** When a router booted (simulated seconds): 2–120 days before the fleet's epoch, from its seed. */
export function bootTimeOf(seed: number, epochSeconds: number): number {
  return epochSeconds - intBetween(2, 120, seed, 761) * 86_400 - intBetween(0, 86_399, seed, 762);
}

/**
 * `/system/resource` at t (seconds; the same clock as `boot`). `busy` (0…1) raises the CPU load and memory
 * in use, for a BRAS with many sessions.
 */
export function resourceRow(
  model: RouterModel,
  seed: number,
  boot: number,
  t: number,
  busy = 0,
): RouterOsRow {
  const minute = Math.floor(t / 60);
  const cpuLoad = Math.min(100, Math.round(2 + 12 * unit(seed, minute, 771) + 40 * busy));
  const used = 0.06 + 0.04 * unit(seed, Math.floor(t / 300), 772) + 0.2 * busy;
  const uptime = Math.max(0, t - boot);
  return {
    uptime: routerOsDuration(uptime),
    version: model.version,
    ...(model.buildTime ? { 'build-time': model.buildTime } : {}),
    ...(model.factorySoftware ? { 'factory-software': model.factorySoftware } : {}),
    'free-memory': String(Math.round(model.totalMemory * (1 - used))),
    'total-memory': String(model.totalMemory),
    cpu: model.cpu,
    'cpu-count': String(model.cpuCount),
    'cpu-load': String(cpuLoad),
    'free-hdd-space': String(Math.round(model.totalHdd * (0.8 - 0.05 * unit(seed, 773)))),
    'total-hdd-space': String(model.totalHdd),
    'write-sect-since-reboot': String(Math.floor(uptime / 40)),
    'write-sect-total': String(Math.floor(uptime / 40) + intBetween(100_000, 900_000, seed, 774)),
    'bad-blocks': '0',
    'architecture-name': model.architecture,
    'board-name': model.boardName,
    platform: 'MikroTik',
  };
}

/** `/system/routerboard`: a RouterBOARD's model, serial and firmware; a CHR answers `routerboard=false` only. */
export function routerboardRow(model: RouterModel, seed: number): RouterOsRow {
  if (!model.model) return { routerboard: routerOsBool(false) };
  const serial = `HE${hashInts(seed, 781).toString(16).toUpperCase().padStart(8, '0')}`;
  return {
    routerboard: routerOsBool(true),
    'board-name': model.boardName,
    model: model.model,
    'serial-number': serial,
    ...(model.firmwareType ? { 'firmware-type': model.firmwareType } : {}),
    ...(model.factorySoftware ? { 'factory-firmware': model.factorySoftware } : {}),
    ...(model.firmware ? { 'current-firmware': model.firmware, 'upgrade-firmware': model.firmware } : {}),
  };
}
