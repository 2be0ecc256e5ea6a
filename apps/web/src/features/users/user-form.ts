import type { CreateUserRequest, UpdateUserRequest, UserFormValues, UserRow } from '@pondesk/contracts';

export function userFormFrom(user: UserRow | null): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    password: '',
    contactNumber: user?.contactNumber ?? '',
    address: user?.address ?? '',
    ispName: user?.ispName ?? '',
    roleId: user?.roleId ?? '',
    branchIds: user?.branches.map((b) => b.id) ?? [],
    userPrice: user ? String(user.userPrice) : '',
    sendMsg: user?.sendMsg ?? false,
  };
}

/**
 * The request body: trimmed; empty optional text left out on create; an empty password on edit
 * keeps the stored one. Numbers and booleans typed properly.
 */
export function toUserRequest(
  v: UserFormValues,
  editing: UserRow | null,
): CreateUserRequest | UpdateUserRequest {
  const body: CreateUserRequest = { username: v.username.trim(), email: v.email.trim() };
  if (v.password) body.password = v.password;
  for (const key of ['contactNumber', 'address', 'ispName'] as const) {
    const t = v[key].trim();
    if (t || (editing && editing[key])) body[key] = t;
  }
  if (v.roleId) body.roleId = v.roleId;
  body.branchIds = v.branchIds;
  if (v.userPrice.trim() !== '') body.userPrice = Number(v.userPrice);
  body.sendMsg = v.sendMsg;
  return body;
}
