import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Permission, type PermissionCode } from '@pondesk/contracts';
import { useSession } from '../features/auth/session';
import { GuestOnly, Loading, RequireAuth, RequireCode } from './shell/guards';
import { homePath } from '../shared/navigation';

// Every screen is its own chunk; the sign-in route loads only the guest layout and its form.
const GuestLayout = lazy(() => import('./shell/guest-layout'));
const ShellLayout = lazy(() => import('./shell/shell-layout'));

const LoginPage = lazy(() => import('../features/auth/pages/login-page'));
const RegisterPage = lazy(() => import('../features/auth/pages/register-page'));
const SignUpPage = lazy(() => import('../features/auth/pages/sign-up-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/reset-password-page'));

const StatusPage = lazy(() => import('../features/system/pages/status-page'));
const ForbiddenPage = lazy(() => import('../features/system/pages/forbidden-page'));
const NotAvailablePage = lazy(() => import('../features/system/pages/not-available-page'));
const DashboardPage = lazy(() => import('../features/dashboard/pages/dashboard-page'));
const ProfilePage = lazy(() => import('../features/profile/pages/profile-page'));
const UsersPage = lazy(() => import('../features/users/pages/users-page'));
const RolePermissionsPage = lazy(() => import('../features/users/pages/role-permissions-page'));
const RolesPage = lazy(() => import('../features/roles/pages/roles-page'));
const BranchesPage = lazy(() => import('../features/branches/pages/branches-page'));
const PermissionsPage = lazy(() => import('../features/olt-permissions/pages/permissions-page'));
const OltListPage = lazy(() => import('../features/olts/pages/olt-list-page'));
const OltDetailsPage = lazy(() => import('../features/olts/pages/olt-details-page'));
const AddOltPage = lazy(() => import('../features/olts/pages/add-olt-page'));
const EditOltPage = lazy(() => import('../features/olts/pages/edit-olt-page'));
const OltDataPortsPage = lazy(() => import('../features/onus/pages/olt-data-ports-page'));
const OltPortsPage = lazy(() => import('../features/onus/pages/olt-ports-page'));
const GraphPage = lazy(() => import('../features/pppoe-page/pages/graph-page'));

const page = (Page: ComponentType) => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);

const guarded = (code: PermissionCode, element: ReactNode) => (
  <RequireCode code={code}>{element}</RequireCode>
);

/** A screen of a later piece of work: guarded like the real one, honest about its state. */
const later = (title: string, code?: PermissionCode): ReactNode => {
  const element = (
    <Suspense fallback={<Loading />}>
      <NotAvailablePage title={title} />
    </Suspense>
  );
  return code ? guarded(code, element) : element;
};

function Home() {
  const { user } = useSession();
  return <Navigate to={homePath(user?.permissions ?? [])} replace />;
}

const dashboard = guarded(Permission.Dashboard, page(DashboardPage));

/** The route table of spec 1 §2 (codes in brackets there); the server enforces the same codes. */
export const protectedRoutes: RouteObject[] = [
  { path: '/', element: <Home /> },
  { path: '/dashboard', element: dashboard },
  { path: '/profile', element: page(ProfilePage) },
  { path: '/forbidden', element: page(ForbiddenPage) },

  { path: '/users', element: guarded(Permission.Admin, page(UsersPage)) },
  { path: '/roles', element: guarded(Permission.Admin, page(RolesPage)) },
  { path: '/roles-permission', element: guarded(Permission.Admin, page(RolePermissionsPage)) },
  { path: '/branch', element: guarded(Permission.Admin, page(BranchesPage)) },
  // The per-user OLT permission calls need 2000 on the server, so the screen does too.
  { path: '/permissions/:id?/:user_id?', element: guarded(Permission.Admin, page(PermissionsPage)) },

  { path: '/olt-list', element: guarded(Permission.OltList, page(OltListPage)) },
  { path: '/olt-list/:id', element: guarded(Permission.OltList, page(OltDetailsPage)) },
  { path: '/add-olt', element: guarded(Permission.OltList, page(AddOltPage)) },
  { path: '/edit-olt/:edit_id', element: guarded(Permission.OltList, page(EditOltPage)) },
  { path: '/olt-data-ports', element: guarded(Permission.OltDataPort, page(OltDataPortsPage)) },
  { path: '/olt-ports', element: guarded(Permission.OltPort, page(OltPortsPage)) },
  { path: '/log-list', element: later('Log List', Permission.LogList) },
  { path: '/live-log-list', element: later('Live Log List') },
  { path: '/share-olt', element: later('Share OLT', Permission.Share) },
  { path: '/share-olt/:edit_id', element: later('Share OLT') },
  { path: '/onu-down-count', element: later('Down Count List', Permission.OnuDownCount) },
  { path: '/onu-down-scanner', element: later('ONU Down Scanner', Permission.OnuDownScanner) },
  { path: '/graph/:pppoe', element: page(GraphPage) },
  { path: '/switch-list', element: later('Switch List', Permission.SwitchList) },
  { path: '/switch-graph/:id/:olt?', element: later('Switch Graph') },
  { path: '/ping', element: later('Ping', Permission.Ping) },
  { path: '/pop-monitor', element: later('Pop Monitor', Permission.PopMonitor) },
  { path: '/pop-list', element: later('Pop List', Permission.PopList) },
  { path: '/pop-log', element: later('Pop Elc Down Log', Permission.PopLog) },
  { path: '/pop-area', element: later('Area List', Permission.PopArea) },
  { path: '/service', element: later('Service List', Permission.Service) },
  { path: '/package-list', element: later('Our Packages', Permission.PackageList) },

  // Any unmatched path shows the dashboard screen.
  { path: '*', element: dashboard },
];

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
      // The system status stays public: it is what you look at when signing in fails.
      { element: <GuestLayout />, children: [{ path: '/status', element: page(StatusPage) }] },
      { element: <RequireAuth />, children: [{ element: <ShellLayout />, children: protectedRoutes }] },
    ],
  },
]);
