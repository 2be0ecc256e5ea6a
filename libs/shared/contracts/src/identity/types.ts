import type { PermissionCode, PermissionGroup } from './permissions';

/** One page of a list. `page` is 1-based. */
export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** Query of every paged list: `?page=1&pageSize=20&search=` (pageSize at most 100). */
export interface PageQuery {
  page?: number;
  pageSize?: number;
  search?: string;
}

export interface MessageResponse {
  message: string;
}

export type UserStatus = 'active' | 'hold';
export type TenantStatus = 'active' | 'hold';

// ---------- auth ----------

/** Full register form (/register). `name` is the username. */
export interface RegisterRequest {
  name: string;
  email: string;
  password: string;
  passwordConfirmation: string;
  /** Must be `true`. */
  acceptTerms: boolean;
}

/** Simple sign-up form (/sign-up). */
export interface SignUpRequest {
  username: string;
  email: string;
  password: string;
  /** Must be `true`. */
  acceptTerms: boolean;
}

/** `username` may be the username or the email address. */
export interface LoginRequest {
  username: string;
  password: string;
}

export interface RefreshRequest {
  /** Non-browser clients only; browsers send the `pondesk_refresh` cookie (with `X-Requested-With: pondesk`). */
  refreshToken?: string;
}

export interface LogoutRequest {
  /** Revokes the session this refresh token belongs to; without it, the access token's session. */
  refreshToken?: string;
}

export interface ForgotPasswordRequest {
  email: string;
}

export interface ResetPasswordRequest {
  email: string;
  token: string;
  password: string;
  passwordConfirmation: string;
}

/** What the signed-in user is; `permissions` are the active codes of the user's active role. */
export interface SessionUser {
  id: string;
  username: string;
  email: string;
  /** `null` only for the platform administrator. */
  tenantId: string | null;
  ispName: string | null;
  roleName: string | null;
  permissions: PermissionCode[];
  /** Absolute path under the API (`/api/v1/photos/…`) or `null`. */
  photoUrl: string | null;
  /** False until the profile-completion popup (ISP name, number, address, OTP) succeeds. */
  profileConfirmed: boolean;
  isPlatformAdmin: boolean;
}

export interface AuthTokens {
  /** JWT for `Authorization: Bearer …`. */
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  /** Opaque; single use: every refresh answers a new one and revokes the old. */
  refreshToken: string;
}

/**
 * What sign-in, register, sign-up, password reset and refresh answer. The refresh token is not in it:
 * it comes as the httpOnly cookie `pondesk_refresh` (SameSite=Strict, Path=/api/v1/auth), out of reach
 * of scripts.
 */
export interface AuthResponse extends Omit<AuthTokens, 'refreshToken'> {
  user: SessionUser;
  message?: string;
}

// ---------- profile ----------

export interface Profile extends SessionUser {
  contactNumber: string | null;
  address: string | null;
  status: UserStatus;
}

/** Own profile edits; `ispName` changes the tenant's name and needs code 2000. */
export interface UpdateProfileRequest {
  username?: string;
  email?: string;
  /** Required when `email` changes (a stolen access token alone must not move the account). */
  currentPassword?: string;
  contactNumber?: string;
  address?: string;
  ispName?: string;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

export interface SendOtpRequest {
  /** Digits with an optional leading `+`, 6–20 characters. */
  contactNumber: string;
}

export interface SendOtpResponse extends MessageResponse {
  expiresInSeconds: number;
  resendInSeconds: number;
}

/** Profile completion: the OTP sent to `contactNumber` is checked, then tenant and user are saved. */
export interface CompleteProfileRequest {
  ispName: string;
  contactNumber: string;
  address: string;
  otp: string;
}

export interface PhotoResponse {
  photoUrl: string;
}

// ---------- administration ----------

export interface BranchRef {
  id: string;
  name: string;
}

export interface UserRow {
  id: string;
  username: string;
  email: string;
  contactNumber: string | null;
  address: string | null;
  ispName: string | null;
  roleId: string | null;
  roleName: string | null;
  branches: BranchRef[];
  userPrice: number;
  sendMsg: boolean;
  status: UserStatus;
  photoUrl: string | null;
  createdAt: string;
}

export interface CreateUserRequest {
  username: string;
  email: string;
  /** Optional: without one the user signs in after a password reset. */
  password?: string;
  contactNumber?: string;
  address?: string;
  ispName?: string;
  /** Defaults to the tenant's role named "User". */
  roleId?: string;
  branchIds?: string[];
  userPrice?: number;
  sendMsg?: boolean;
}

export type UpdateUserRequest = Partial<CreateUserRequest>;

export interface UpdateUserStatusRequest {
  status: UserStatus;
}

export interface MenuRow {
  code: PermissionCode;
  name: string;
  group: PermissionGroup;
  active: boolean;
}

export interface RoleRow {
  id: string;
  name: string;
  code: string;
  active: boolean;
  menuCodes: PermissionCode[];
  userCount: number;
  createdAt: string;
}

export interface CreateRoleRequest {
  name: string;
  /** Generated (`ROLE-<timestamp>-<random>`) when omitted. */
  code?: string;
  active?: boolean;
  menuCodes: number[];
}

export type UpdateRoleRequest = Partial<CreateRoleRequest>;

export interface UpdateRoleActiveRequest {
  active: boolean;
}

export interface BranchRow {
  id: string;
  name: string;
  address: string | null;
  isActive: boolean;
  userCount: number;
  createdAt: string;
}

export interface CreateBranchRequest {
  name: string;
  address?: string;
  isActive?: boolean;
}

export type UpdateBranchRequest = Partial<CreateBranchRequest>;

/** One OLT a user may see (the 'Permitted OLT List'). */
export interface OltPermissionRow {
  oltId: string;
  /** The OLT's short id shown as "Olt ID". */
  oltCode: string;
  name: string;
  branchName: string | null;
  createdAt: string;
}

/** One OLT of the tenant, for the 'Permission List' of every OLT that can be granted. */
export interface OltChoiceRow {
  id: string;
  oltCode: string;
  name: string;
  branchName: string | null;
}

export interface UpdateOltPermissionsRequest {
  action: 'add' | 'remove';
  oltIds: string[];
}

// AuditRow and AuditQuery: ./audit.ts

// ---------- platform administration ----------

export interface TenantRow {
  id: string;
  ispName: string | null;
  contactNumber: string | null;
  address: string | null;
  profileConfirmed: boolean;
  status: TenantStatus;
  userCount: number;
  createdAt: string;
}

export interface CreateTenantRequest {
  ispName: string;
  /** The tenant's first user, its admin with every code. */
  username: string;
  email: string;
  password: string;
}

export interface UpdateTenantRequest {
  ispName?: string;
  contactNumber?: string;
  address?: string;
}

export interface UpdateTenantStatusRequest {
  status: TenantStatus;
}

// ---------- development outbox (NODE_ENV !== 'production' only) ----------

export interface OutboxMail {
  at: string;
  to: string;
  subject: string;
  text: string;
  /** The password-reset link inside the mail, when there is one. */
  link: string | null;
}

export interface OutboxSms {
  at: string;
  to: string;
  text: string;
  /** The one-time code inside the message, when there is one. */
  otp: string | null;
}

export interface DevOutbox {
  mails: OutboxMail[];
  sms: OutboxSms[];
}
