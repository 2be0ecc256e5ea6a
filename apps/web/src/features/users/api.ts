import type { CreateUserRequest, UpdateUserRequest, UserRow, UserStatus } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const createUser = (body: CreateUserRequest) => http<UserRow>('/users', { method: 'POST', body });
export const updateUser = (id: string, body: UpdateUserRequest) =>
  http<UserRow>(`/users/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const deleteUser = (id: string) =>
  http<void>(`/users/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const setUserStatus = (id: string, status: UserStatus) =>
  http<UserRow>(`/users/${encodeURIComponent(id)}/status`, { method: 'PUT', body: { status } });
