/**
 * Identity, tenancy and access control: contracts shared by the API and the web app.
 *
 * REST routes (all under `/api/v1`; `[code]` = permission code the route needs; JSON bodies; errors
 * are `ApiErrorBody`, a 400 names each bad field in `fields`):
 *
 * Public
 *   POST   /auth/register               RegisterRequest        → 201 AuthResponse   (full form)
 *   POST   /auth/sign-up                SignUpRequest          → 201 AuthResponse   (simple form)
 *   POST   /auth/login                  LoginRequest           → 200 AuthResponse   (username or email; 429 when rate limited)
 *   POST   /auth/refresh                RefreshRequest         → 200 AuthResponse   (rotates: the old refresh token stops working)
 *   POST   /auth/password/forgot        ForgotPasswordRequest  → 200 MessageResponse, the same whether or not the email has an account
 *   POST   /auth/password/reset         ResetPasswordRequest   → 200 AuthResponse   (signs in; revokes other sessions)
 *   GET    /photos/:file                                       → the image (unguessable file names; <img src> needs no token)
 *   GET    /dev/outbox?to=              (only with DEV_OUTBOX=true, never in production) → DevOutbox: last mails (reset links) and SMS (OTPs)
 *
 * Signed in (any role)
 *   POST   /auth/logout                 LogoutRequest          → 204 (revokes the session: refresh and access tokens stop working)
 *   GET    /profile                                            → Profile (includes `permissions` for the sidebar and guards)
 *   PATCH  /profile                     UpdateProfileRequest   → Profile (message 'Profile updated successfully!')
 *   POST   /profile/password            ChangePasswordRequest  → MessageResponse
 *   POST   /profile/otp                 SendOtpRequest         → SendOtpResponse (120 s expiry, 60 s resend cooldown, 429 otherwise)
 *   POST   /profile/complete            CompleteProfileRequest → Profile (checks the OTP, saves ISP name/number/address, profileConfirmed = true)
 *   POST   /profile/photo               multipart/form-data, field `photo` (PNG/JPEG/GIF/WebP, ≤ 2 MB) → PhotoResponse
 *
 * Administration [2000]
 *   GET    /users?page&pageSize&search                         → Paged<UserRow>
 *   POST   /users                       CreateUserRequest      → 201 UserRow
 *   GET    /users/:id                                          → UserRow
 *   PATCH  /users/:id                   UpdateUserRequest      → UserRow
 *   DELETE /users/:id                                          → 204
 *   PUT    /users/:id/status            UpdateUserStatusRequest → UserRow (hold revokes the user's sessions)
 *   GET    /users/:id/olt-permissions                          → OltPermissionRow[] (the user's permitted OLTs)
 *   PUT    /users/:id/olt-permissions   UpdateOltPermissionsRequest → OltPermissionRow[] (400 naming oltIds if one is not this account's OLT)
 *   GET    /olt-permissions/olts                               → OltChoiceRow[] (every OLT of the account that can be granted)
 *   GET    /roles                                              → RoleRow[] (with userCount)
 *   POST   /roles                       CreateRoleRequest      → 201 RoleRow
 *   GET    /roles/:id                                          → RoleRow
 *   PATCH  /roles/:id                   UpdateRoleRequest      → RoleRow
 *   PUT    /roles/:id/active            UpdateRoleActiveRequest → RoleRow
 *   DELETE /roles/:id                                          → 204 (409 while users hold it)
 *   GET    /menus                                              → MenuRow[]
 *   GET    /branches                                           → BranchRow[]
 *   POST   /branches                    CreateBranchRequest    → 201 BranchRow
 *   GET    /branches/:id                                       → BranchRow
 *   PATCH  /branches/:id                UpdateBranchRequest    → BranchRow
 *   DELETE /branches/:id                                       → 204
 *   GET    /audit?page&pageSize&search&entityType&entityId&actorId&action&kind&from&to → Paged<AuditRow> (newest first; 400 naming from/to when not ISO date-times or from > to)
 *   GET    /audit/facets                                       → AuditFacets (the log's actors and action names, for the filters)
 *
 * Platform administrator (PLATFORM_ADMIN_USERNAME / PLATFORM_ADMIN_PASSWORD sign in at /auth/login)
 *   GET    /tenants?page&pageSize&search                       → Paged<TenantRow>
 *   POST   /tenants                     CreateTenantRequest    → 201 TenantRow
 *   GET    /tenants/:id                                        → TenantRow
 *   PATCH  /tenants/:id                 UpdateTenantRequest    → TenantRow
 *   PUT    /tenants/:id/status          UpdateTenantStatusRequest → TenantRow (hold refuses its users' sign-in and tokens)
 *
 * 401 = no, bad or revoked token (the web app clears the session and goes to /login);
 * 403 = the role has no active menu with the route's code; another tenant's ids answer 404.
 */
export * from './permissions';
export * from './messages';
export * from './types';
export * from './audit';
export * from './session-cookie';
