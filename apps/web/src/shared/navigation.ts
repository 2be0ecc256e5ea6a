import {
  PERMISSION_GROUPS,
  PERMISSIONS,
  Permission,
  type PermissionCode,
  type PermissionGroup,
} from '@pondesk/contracts';

export interface NavItem {
  label: string;
  to: string;
  code: PermissionCode;
}

export interface NavGroup {
  group: PermissionGroup;
  items: NavItem[];
}

/** Code 2000 opens the whole administration area, so it stands for five sidebar items. */
const ADMIN_ITEMS: readonly Omit<NavItem, 'code'>[] = [
  { label: 'Users', to: '/users' },
  { label: 'Roles', to: '/roles' },
  { label: 'Olt Permissions', to: '/roles-permission' },
  { label: 'Branch', to: '/branch' },
  { label: 'Audit Log', to: '/audit-log' },
];

/** Item order inside the groups: the everyday screens first. */
const ORDER: readonly number[] = [
  Permission.OltList,
  Permission.OltDataPort,
  Permission.OltPort,
  Permission.OnuDownCount,
  Permission.OnuDownScanner,
  Permission.LogList,
  Permission.Share,
  Permission.SwitchList,
  Permission.PopMonitor,
  Permission.PopList,
  Permission.PopLog,
  Permission.PopArea,
  Permission.Ping,
  Permission.Admin,
  Permission.Dashboard,
  Permission.PackageList,
  Permission.Service,
];

const ordered = [...PERMISSIONS].sort(
  (a, b) => (ORDER.indexOf(a.code) + 1 || 99) - (ORDER.indexOf(b.code) + 1 || 99),
);

/** Sidebar groups in the spec's order; a group appears only when one of its items is permitted. */
export function buildNavigation(codes: readonly number[]): NavGroup[] {
  const held = new Set(codes);
  const groups: NavGroup[] = [];
  for (const group of PERMISSION_GROUPS) {
    const items: NavItem[] = [];
    for (const p of ordered) {
      if (p.group !== group || !held.has(p.code)) continue;
      if (p.code === Permission.Admin) items.push(...ADMIN_ITEMS.map((i) => ({ ...i, code: p.code })));
      else if (p.route) items.push({ label: p.name, to: p.route, code: p.code });
    }
    if (items.length) groups.push({ group, items });
  }
  return groups;
}

/** The platform administrator's own screens (no permission code: only that account opens them). */
export const PLATFORM_NAV: readonly { label: string; to: string }[] = [
  { label: 'Catalogue', to: '/platform/catalogue' },
  { label: 'Payments & Invoices', to: '/platform/payments' },
  { label: 'Content', to: '/platform/content' },
];

/**
 * Where a user lands after signing in or on `/`: the dashboard when permitted, else the first item
 * of their sidebar, else their profile (a role without menus can still reach it). The platform
 * administrator holds no ISP codes and lands on the first platform screen.
 */
export function homePath(codes: readonly number[], options: { platformAdmin?: boolean } = {}): string {
  if (options.platformAdmin) return PLATFORM_NAV[0].to;
  if (codes.includes(Permission.Dashboard)) return '/dashboard';
  return buildNavigation(codes)[0]?.items[0]?.to ?? '/profile';
}
