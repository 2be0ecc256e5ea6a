/** Sidebar groups of the console shell (spec 1 §2). */
export type PermissionGroup = 'Olt' | 'Switch' | 'Monitor' | 'Admin' | 'Others';

export const PERMISSION_GROUPS: readonly PermissionGroup[] = ['Olt', 'Switch', 'Monitor', 'Admin', 'Others'];

export interface PermissionInfo {
  code: number;
  /** Menu name as seeded in the `menu` table. */
  name: string;
  group: PermissionGroup;
  /**
   * Web route of the sidebar item the code unlocks; `null` for codes that gate a feature inside a
   * page rather than a sidebar item (2009 switch list on the dashboard, 2010 Clear on ports).
   */
  route: string | null;
}

/**
 * The 19 permission codes of the specs (spec 1 §6, spec 3 §6), and 2022 for alert rules and channels. The server seeds these as menus and
 * enforces them per route; the web guard and sidebar only mirror them.
 */
export const PERMISSIONS = [
  { code: 2000, name: 'Admin', group: 'Admin', route: '/users' },
  { code: 2001, name: 'Package List', group: 'Others', route: '/package-list' },
  { code: 2002, name: 'Log List', group: 'Olt', route: '/log-list' },
  { code: 2003, name: 'Olt Port', group: 'Olt', route: '/olt-ports' },
  { code: 2004, name: 'Switch List', group: 'Switch', route: '/switch-list' },
  { code: 2005, name: 'Share', group: 'Olt', route: '/share-olt' },
  { code: 2006, name: 'Olt List', group: 'Olt', route: '/olt-list' },
  { code: 2007, name: 'Olt Data Port', group: 'Olt', route: '/olt-data-ports' },
  { code: 2008, name: 'Dashboard', group: 'Others', route: '/dashboard' },
  { code: 2009, name: 'Dashboard Switch List', group: 'Switch', route: null },
  { code: 2010, name: 'Port Clear', group: 'Olt', route: null },
  { code: 2011, name: 'Pop Log', group: 'Monitor', route: '/pop-log' },
  { code: 2012, name: 'Ping', group: 'Monitor', route: '/ping' },
  { code: 2013, name: 'Pop Area', group: 'Monitor', route: '/pop-area' },
  { code: 2014, name: 'Pop Monitor', group: 'Monitor', route: '/pop-monitor' },
  { code: 2015, name: 'Pop List', group: 'Monitor', route: '/pop-list' },
  { code: 2016, name: 'Service', group: 'Others', route: '/service' },
  { code: 2020, name: 'Onu Down Scanner', group: 'Olt', route: '/onu-down-scanner' },
  { code: 2021, name: 'Onu Down Count', group: 'Olt', route: '/onu-down-count' },
  { code: 2022, name: 'Alerts', group: 'Monitor', route: '/alerts' },
] as const satisfies readonly PermissionInfo[];

export type PermissionCode = (typeof PERMISSIONS)[number]['code'];

export const PERMISSION_CODES: readonly PermissionCode[] = PERMISSIONS.map((p) => p.code);

/** Named codes for server decorators and web guards, so no magic numbers are scattered around. */
export const Permission = {
  Admin: 2000,
  PackageList: 2001,
  LogList: 2002,
  OltPort: 2003,
  SwitchList: 2004,
  Share: 2005,
  OltList: 2006,
  OltDataPort: 2007,
  Dashboard: 2008,
  DashboardSwitchList: 2009,
  PortClear: 2010,
  PopLog: 2011,
  Ping: 2012,
  PopArea: 2013,
  PopMonitor: 2014,
  PopList: 2015,
  Service: 2016,
  OnuDownScanner: 2020,
  OnuDownCount: 2021,
  Alerts: 2022,
} as const satisfies Record<string, PermissionCode>;

export function isPermissionCode(value: unknown): value is PermissionCode {
  return typeof value === 'number' && (PERMISSION_CODES as readonly number[]).includes(value);
}

export function permissionInfo(code: number): PermissionInfo | undefined {
  return PERMISSIONS.find((p) => p.code === code);
}
