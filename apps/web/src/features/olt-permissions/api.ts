import type { OltChoiceRow, OltPermissionRow, UpdateOltPermissionsRequest } from '@pondesk/contracts';
import { http } from '../../shared/http-client';

export const listPermittedOlts = (userId: string) =>
  http<OltPermissionRow[]>(`/users/${encodeURIComponent(userId)}/olt-permissions`);
export const listOltChoices = () => http<OltChoiceRow[]>('/olt-permissions/olts');
export const updateOltPermissions = (userId: string, body: UpdateOltPermissionsRequest) =>
  http<OltPermissionRow[]>(`/users/${encodeURIComponent(userId)}/olt-permissions`, { method: 'PUT', body });
