import type { CreateRoleRequest, MenuRow, RoleRow, UpdateRoleRequest } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const listRoles = () => http<RoleRow[]>('/roles');
export const listMenus = () => http<MenuRow[]>('/menus');
export const createRole = (body: CreateRoleRequest) => http<RoleRow>('/roles', { method: 'POST', body });
export const updateRole = (id: string, body: UpdateRoleRequest) =>
  http<RoleRow>(`/roles/${encodeURIComponent(id)}`, { method: 'PATCH', body });
export const setRoleActive = (id: string, active: boolean) =>
  http<RoleRow>(`/roles/${encodeURIComponent(id)}/active`, { method: 'PUT', body: { active } });
export const deleteRole = (id: string) =>
  http<void>(`/roles/${encodeURIComponent(id)}`, { method: 'DELETE' });
