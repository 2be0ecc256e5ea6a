import {
  SWITCH_BRANDS,
  type SwitchBrandCode,
  type SwitchLink,
  type SwitchPortEventKind,
  type SwitchPortPower,
  type SwitchStatus,
} from '@pondesk/contracts';

/** How a power badge looks: the word says it too, so colour is never the only sign. */
export const POWER_LOOK: Record<
  SwitchPortPower,
  { label: string; color: 'error' | 'warning' | 'success' | 'default' }
> = {
  down: { label: 'Down', color: 'error' },
  critical: { label: 'Critical', color: 'error' },
  warning: { label: 'Warning', color: 'warning' },
  good: { label: 'Good', color: 'success' },
  none: { label: 'No reading', color: 'default' },
};

export const STATUS_LOOK: Record<SwitchStatus, { label: string; color: 'success' | 'error' | 'default' }> = {
  online: { label: 'Online', color: 'success' },
  offline: { label: 'Offline', color: 'error' },
  unknown: { label: 'Unknown', color: 'default' },
};

export const LINK_LABEL: Record<SwitchLink, string> = { up: 'Up', down: 'Down', unknown: 'Unknown' };

export const EVENT_LABEL: Record<SwitchPortEventKind, string> = {
  'link-down': 'Link down',
  'link-up': 'Link up',
  'rx-low': 'Rx low',
  'rx-ok': 'Rx back to normal',
};

/** A reading with its unit, or a dash: a missing reading is never shown as 0. */
export function formatReading(value: number | null | undefined, unit: string, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : `${value.toFixed(digits)} ${unit}`;
}

export const brandLabel = (code: SwitchBrandCode): string =>
  SWITCH_BRANDS.find((b) => b.code === code)?.label ?? code;

/** The community is never sent to the browser: the column shows that one is stored, not what it is. */
export const maskedCommunity = (hasCommunity: boolean): string => (hasCommunity ? '••••••' : '—');
