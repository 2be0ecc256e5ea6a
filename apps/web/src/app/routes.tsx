import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { Permission, type PermissionCode, type SessionUser } from '@pondesk/contracts';
import { useSession } from '../features/auth/session';
import { hasCode } from '../features/auth/session-store';
import { prefetchDashboard } from '../features/dashboard/hooks';
import { prefetchScanOlts } from '../shared/scans/hooks';
import { GuestOnly, Loading, RequireAuth, RequireCode } from './shell/guards';
import { homePath } from '../shared/navigation';
import { RequirePlatformAdmin } from '../features/platform/components/require-platform-admin';

type ScreenModule = { default: ComponentType };
/**
 * What a cold load can start early for a signed-in route: its screen's code, and (`prefetch`, kept out of
 * the screen's chunk) its first data, asked for as soon as the session is back.
 */
type ScreenHandle = {
  load?: () => Promise<ScreenModule>;
  code?: PermissionCode;
  prefetch?: (client: QueryClient) => void;
};

/** A screen in its own chunk, with the import at hand so its code can be fetched before React asks. */
const screen = (load: () => Promise<ScreenModule>) => Object.assign(lazy(load), { load });
type Screen = ReturnType<typeof screen>;

// Every screen is its own chunk; the sign-in route loads only the guest layout and its form.
const GuestLayout = lazy(() => import('./shell/guest-layout'));
const ShellLayout = screen(() => import('./shell/shell-layout'));

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const SignUpPage = lazy(() => import('../features/auth/pages/sign-up-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));

const StatusPage = screen(() => import('../features/system/pages/status-page'));
const ForbiddenPage = screen(() => import('../features/system/pages/forbidden-page'));
const DashboardPage = screen(() => import('../features/dashboard/pages/dashboard-page'));
const ProfilePage = screen(() => import('../features/profile/pages/profile-page'));
const UsersPage = screen(() => import('../features/users/pages/users-page'));
const RolePermissionsPage = screen(() => import('../features/users/pages/role-permissions-page'));
const RolesPage = screen(() => import('../features/roles/pages/roles-page'));
const BranchesPage = screen(() => import('../features/branches/pages/branches-page'));
const AuditLogPage = screen(() => import('../features/audit/pages/audit-log-page'));
const PermissionsPage = screen(() => import('../features/olt-permissions/pages/permissions-page'));
const OltListPage = screen(() => import('../features/olts/pages/olt-list-page'));
const OltDetailsPage = screen(() => import('../features/olts/pages/olt-details-page'));
const AddOltPage = screen(() => import('../features/olts/pages/add-olt-page'));
const EditOltPage = screen(() => import('../features/olts/pages/edit-olt-page'));
const OltDataPortsPage = screen(() => import('../features/onus/pages/olt-data-ports-page'));
const OltPortsPage = screen(() => import('../features/onus/pages/olt-ports-page'));
const GraphPage = screen(() => import('../features/pppoe-page/pages/graph-page'));
const DownCountPage = screen(() => import('../features/down-count/pages/down-count-page'));
const OnuDownScannerPage = screen(() => import('../features/onu-down-scanner/pages/onu-down-scanner-page'));
const LogListPage = screen(() => import('../features/logs/pages/log-list-page'));
const LiveLogListPage = screen(() => import('../features/logs/pages/live-log-list-page'));
const ShareOltPage = screen(() => import('../features/shares/pages/share-olt-page'));
const ShareTokenEditPage = screen(() => import('../features/shares/pages/share-token-edit-page'));
const SharedViewPage = lazy(() => import('../features/shares/pages/shared-view-page'));
const SwitchListPage = screen(() => import('../features/switches/pages/switch-list-page'));
const SwitchGraphPage = screen(() => import('../features/switches/pages/switch-graph-page'));
const PingPage = screen(() => import('../features/ping/pages/ping-page'));
const PopMonitorPage = screen(() => import('../features/pops/pages/pop-monitor-page'));
const PopListPage = screen(() => import('../features/pops/pages/pop-list-page'));
const PopLogPage = screen(() => import('../features/pops/pages/pop-log-page'));
const PopAreaPage = screen(() => import('../features/pops/pages/pop-area-page'));
const ServicePage = screen(() => import('../features/pops/pages/service-page'));
const AlertsPage = screen(() => import('../features/alerts/pages/alerts-page'));
const PlatformCataloguePage = screen(() => import('../features/platform/pages/catalogue-page'));
const PlatformPaymentsPage = screen(() => import('../features/platform/pages/payments-page'));
const PlatformContentPage = screen(() => import('../features/platform/pages/content-page'));
const PackageListPage = screen(() => import('../features/billing/pages/package-list-page'));
const PaymentResultPage = screen(() => import('../features/billing/pages/payment-result-page'));

const page = (Page: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);

const guarded = (code: PermissionCode, element: ReactNode) => (
  <RequireCode code={code}>{element}</RequireCode>
);

/** A signed-in route showing `Page` (behind `code` when given); its handle can fetch the page's code early. */
const screenRoute = (
  path: string,
  Page: Screen,
  code?: PermissionCode,
  prefetch?: ScreenHandle['prefetch'],
): RouteObject => ({
  path,
  element: code ? guarded(code, page(Page)) : page(Page),
  handle: { load: Page.load, code, prefetch } satisfies ScreenHandle,
});

/** A screen of the platform administrator alone; anyone else goes to /forbidden. */
const platformRoute = (path: string, Page: Screen): RouteObject => ({
  path,
  element: <RequirePlatformAdmin>{page(Page)}</RequirePlatformAdmin>,
  handle: { load: Page.load } satisfies ScreenHandle,
});

function Home() {
  const { user } = useSession();
  return (
    <Navigate to={homePath(user?.permissions ?? [], { platformAdmin: user?.isPlatformAdmin })} replace />
  );
}

/** The route table of spec 1 §2 (codes in brackets there); the server enforces the same codes. */
export const protectedRoutes: RouteObject[] = [
  // Most sign-ins land on the dashboard, so its code is what '/' fetches early.
  {
    path: '/',
    element: <Home />,
    handle: {
      load: DashboardPage.load,
      code: Permission.Dashboard,
      prefetch: prefetchDashboard,
    } satisfies ScreenHandle,
  },
  screenRoute('/dashboard', DashboardPage, Permission.Dashboard, prefetchDashboard),
  screenRoute('/profile', ProfilePage),
  screenRoute('/forbidden', ForbiddenPage),

  screenRoute('/users', UsersPage, Permission.Admin),
  screenRoute('/roles', RolesPage, Permission.Admin),
  screenRoute('/roles-permission', RolePermissionsPage, Permission.Admin),
  screenRoute('/branch', BranchesPage, Permission.Admin),
  screenRoute('/audit-log', AuditLogPage, Permission.Admin),
  // The per-user OLT permission calls need 2000 on the server, so the screen does too.
  screenRoute('/permissions/:id?/:user_id?', PermissionsPage, Permission.Admin),

  screenRoute('/olt-list', OltListPage, Permission.OltList),
  screenRoute('/olt-list/:id', OltDetailsPage, Permission.OltList),
  screenRoute('/add-olt', AddOltPage, Permission.OltList),
  screenRoute('/edit-olt/:edit_id', EditOltPage, Permission.OltList),
  screenRoute('/olt-data-ports', OltDataPortsPage, Permission.OltDataPort),
  screenRoute('/olt-ports', OltPortsPage, Permission.OltPort),
  screenRoute('/log-list', LogListPage, Permission.LogList),
  // The spec shows no code for the live list; it shows the same lines, so it needs the Log List's.
  screenRoute('/live-log-list', LiveLogListPage, Permission.LogList),
  screenRoute('/share-olt', ShareOltPage, Permission.Share),
  screenRoute('/share-olt/:edit_id', ShareTokenEditPage, Permission.Share),
  screenRoute('/onu-down-count', DownCountPage, Permission.OnuDownCount),
  screenRoute('/onu-down-scanner', OnuDownScannerPage, Permission.OnuDownScanner, prefetchScanOlts),
  screenRoute('/graph/:pppoe', GraphPage),
  screenRoute('/switch-list', SwitchListPage, Permission.SwitchList),
  // No code of its own (spec 2 §1): the dashboard's switch table (2009) links here as the list (2004)
  // does, and the API answers the port's data to holders of either.
  screenRoute('/switch-graph/:id/:olt?', SwitchGraphPage),
  screenRoute('/ping', PingPage, Permission.Ping),
  screenRoute('/pop-monitor', PopMonitorPage, Permission.PopMonitor),
  screenRoute('/pop-list', PopListPage, Permission.PopList),
  screenRoute('/pop-log', PopLogPage, Permission.PopLog),
  screenRoute('/pop-area', PopAreaPage, Permission.PopArea),
  screenRoute('/service', ServicePage, Permission.Service),
  screenRoute('/alerts', AlertsPage, Permission.Alerts),
  screenRoute('/package-list', PackageListPage, Permission.PackageList),
  // bKash's checkout sends the browser back here; any signed-in user of the tenant may read the outcome.
  screenRoute('/billing/result', PaymentResultPage),

  platformRoute('/platform/catalogue', PlatformCataloguePage),
  platformRoute('/platform/payments', PlatformPaymentsPage),
  platformRoute('/platform/content', PlatformContentPage),

  // Any unmatched path shows the dashboard screen.
  screenRoute('*', DashboardPage, Permission.Dashboard, prefetchDashboard),
];

/**
 * For a visitor who may still be signed in: fetch the shell's and this path's screen code now, while the
 * session resumes, rather than one after the other once it has (a cold load then waits for one round trip,
 * not three). Errors are left to the lazy components, which import the same modules again when they render.
 */
export function preloadSignedInScreen(
  pathname: string,
  signedIn: Promise<SessionUser | null>,
  client: QueryClient,
): void {
  ShellLayout.load().catch(() => undefined);
  for (const m of matchRoutes(protectedRoutes, pathname) ?? []) {
    const handle = m.route.handle as ScreenHandle | undefined;
    handle?.load?.().catch(() => undefined);
    // Once the session is back and allows the screen, its first data is asked for at once, while the
    // screen's code is still loading, instead of when the page mounts.
    const prefetch = handle?.prefetch;
    if (prefetch)
      signedIn.then(
        (user) => {
          if (user && (!handle.code || hasCode(user, handle.code))) prefetch(client);
        },
        () => undefined,
      );
  }
}

export const guestRoutes: RouteObject[] = [
  { path: '/login', element: page(LoginPage) },
  { path: '/register', element: page(RegisterPage) },
  { path: '/sign-up', element: page(SignUpPage) },
  { path: '/password/email', element: page(ForgotPasswordPage) },
  { path: '/password/reset', element: page(ResetPasswordPage) },
];

export const router = createBrowserRouter([
  {
    element: (
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    ),
    children: [
      { element: <GuestOnly />, children: [{ element: <GuestLayout />, children: guestRoutes }] },
      // The system status stays public: it is what you look at when signing in fails. A share link's view
      // needs no sign-in either, and a signed-in visitor sees it just the same.
      {
        element: <GuestLayout />,
        children: [
          { path: '/status', element: page(StatusPage) },
          { path: '/share/:token/:view?', element: page(SharedViewPage) },
        ],
      },
      { element: <RequireAuth />, children: [{ element: <ShellLayout />, children: protectedRoutes }] },
    ],
  },
]);
