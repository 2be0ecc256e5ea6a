/** Why an ONU went down, in one vocabulary whatever the brand wrote. */
export const ONU_DOWN_REASONS = ['los', 'power-off', 'wire-down', 'admin', 'unknown'] as const;
export type OnuDownReasonCode = (typeof ONU_DOWN_REASONS)[number];

export const ONU_DOWN_REASON_LABELS: Record<OnuDownReasonCode, string> = {
  los: 'LOS / fiber down',
  'power-off': 'Power off (dying gasp)',
  'wire-down': 'Wire down',
  admin: 'Disabled by admin',
  unknown: 'Unknown',
};
