import type { PageQuery, Paged, UserRow } from '@pondesk/contracts';
import { http } from '../http-client';

/** The account's users, read by the users, roles, branches and OLT permission screens. */
export const listUsers = (query: PageQuery) => http<Paged<UserRow>>('/users', { query: { ...query } });
export const getUser = (id: string) => http<UserRow>(`/users/${encodeURIComponent(id)}`);
