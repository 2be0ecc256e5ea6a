import { createServer, type Server } from 'node:net';
import type { Page } from 'playwright-core';
import type { RoleRow, UserRow } from '@pondesk/contracts';
import { baseUrl } from '../support';

/** Page and API helpers for the form fixes of the operator's walk (sign-in, Add OLT, roles). */

export async function apiCall<T>(path: string, token: string | null, method = 'GET', body?: unknown) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Wrong passwords straight to the API (from the same address as the browser). */
export async function failSignIns(username: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await apiCall('/auth/login', null, 'POST', { username, password: `wrong-${i}-password` });
    if (res.status !== 401) throw new Error(`wrong sign-in ${i + 1} answered ${res.status}`);
  }
}

/** Counts the sign-in requests the page sends. */
export function countLoginPosts(page: Page): () => number {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/auth/login') n++;
  });
  return () => n;
}

/** An open TCP port on loopback, standing in for a device's telnet port in the port checks. */
export async function openPort(): Promise<{ port: number; close: () => Promise<void> }> {
  const server: Server = createServer((s) => s.end());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A role with the given menus and one user holding it, made through the API by an administrator. */
export async function roleWithUser(
  adminToken: string,
  name: string,
  menuCodes: number[],
  user: { username: string; email: string; password: string },
): Promise<{ role: RoleRow; user: UserRow }> {
  const role = await apiCall<RoleRow>('/roles', adminToken, 'POST', { name, menuCodes });
  if (role.status !== 201) throw new Error(`role: ${role.status} ${JSON.stringify(role.body)}`);
  const created = await apiCall<UserRow>('/users', adminToken, 'POST', { ...user, roleId: role.body.id });
  if (created.status !== 201) throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
  return { role: role.body, user: created.body };
}
