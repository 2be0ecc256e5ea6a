import { Permission, type ExpiryNotice, type PermissionCode } from '@pondesk/contracts';
import { formatBillingDay, TARGET_LABEL } from './format';

/** The banner names this many devices, then counts the rest. */
export const BANNER_MAX_NAMED = 3;

/** One device's line: "OLT 'X' expired on 3 Nov 2026; device actions stop after 10 Nov 2026". */
export function noticeText(n: ExpiryNotice): string {
  const device = `${TARGET_LABEL[n.targetType]} '${n.name}'`;
  const expires = formatBillingDay(n.expiresOn);
  const graceEnds = formatBillingDay(n.graceEndsOn);
  if (n.state === 'expiring') return `${device} expires on ${expires}`;
  if (n.state === 'grace') return `${device} expired on ${expires}; device actions stop after ${graceEnds}`;
  return `${device} expired on ${expires}; device actions stopped after ${graceEnds}`;
}

/** Red once a device is past its grace days, amber while it is only expiring or in grace. */
export const bannerSeverity = (notices: readonly ExpiryNotice[]): 'error' | 'warning' =>
  notices.some((n) => n.state === 'expired') ? 'error' : 'warning';

/** The worst first (expired, grace, expiring), then by expiry day. */
export function sortNotices(notices: readonly ExpiryNotice[]): ExpiryNotice[] {
  const rank = { expired: 0, grace: 1, expiring: 2 } as const;
  return [...notices].sort(
    (a, b) =>
      rank[a.state] - rank[b.state] || a.expiresOn.localeCompare(b.expiresOn) || a.name.localeCompare(b.name),
  );
}

/** The banner's lines: the first few devices, then "and 2 more devices". */
export function bannerLines(notices: readonly ExpiryNotice[]): string[] {
  const sorted = sortNotices(notices);
  const lines = sorted.slice(0, BANNER_MAX_NAMED).map(noticeText);
  const rest = sorted.length - BANNER_MAX_NAMED;
  if (rest > 0) lines.push(`and ${rest} more device${rest === 1 ? '' : 's'}`);
  return lines;
}

/**
 * What a dismissal stands for: these devices in these states. A device that reaches a new state (or a new
 * one that starts expiring) brings the banner back within the same session.
 */
export const noticesSignature = (notices: readonly ExpiryNotice[]): string =>
  notices
    .map((n) => `${n.targetType}:${n.targetId}:${n.state}:${n.expiresOn}`)
    .sort()
    .join('|');

/** Where 'Renew' leads: switches renew on the switch list, OLTs on the package list (or the OLT list). */
export function renewPath(
  notices: readonly ExpiryNotice[],
  permissions: readonly PermissionCode[],
): string | null {
  const has = (code: PermissionCode) => permissions.includes(code);
  const switchesOnly = notices.length > 0 && notices.every((n) => n.targetType === 'switch');
  if (switchesOnly && has(Permission.SwitchList)) return '/switch-list?tab=manage';
  if (has(Permission.PackageList)) return '/package-list';
  if (has(Permission.OltList)) return '/olt-list';
  if (has(Permission.SwitchList)) return '/switch-list?tab=manage';
  return null;
}
