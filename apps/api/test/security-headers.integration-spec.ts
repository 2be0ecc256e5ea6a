import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startApi, type RunningApi } from './support/test-app';

/** A stand-in for the built web app, so the static route and its headers can be checked. */
function webDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pondesk-web-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  return dir;
}

describe('security headers and proxy trust', () => {
  const dir = webDist();
  let direct: RunningApi;
  let proxied: RunningApi;

  beforeAll(async () => {
    direct = await startApi({ WEB_DIST_DIR: dir });
    proxied = await startApi({ WEB_DIST_DIR: dir, TRUST_PROXY: 'loopback', DEV_OUTBOX: 'false' });
  });
  afterAll(async () => {
    await direct?.close();
    await proxied?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(['/', '/dashboard', '/api/v1/health', '/api/docs'])(
    '%s carries the CSP and the hardening headers',
    async (path) => {
      const res = await fetch(`${direct.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name, values.join(' ')] as const;
        }),
      );
      expect(directives.get('default-src')).toBe("'self'");
      expect(directives.get('script-src')).toBe("'self'");
      expect(directives.get('object-src')).toBe("'none'");
      expect(directives.get('frame-ancestors')).toBe("'none'");
      expect(directives.get('base-uri')).toBe("'self'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(res.headers.get('x-powered-by')).toBeNull();
      // Plain HTTP: no HSTS (it would only be ignored, and it must not be claimed for an http deployment).
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('claims HTTPS (HSTS) only through a proxy it was told to trust', async () => {
    const viaProxy = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' };
    const trusted = await fetch(`${proxied.url}/api/v1/health`, { headers: viaProxy });
    expect(trusted.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // Without TRUST_PROXY the same headers are just text a client typed.
    const forged = await fetch(`${direct.url}/api/v1/health`, { headers: viaProxy });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  it('serves the development outbox only when switched on, and never to a proxied request', async () => {
    expect((await fetch(`${proxied.url}/api/v1/dev/outbox`)).status).toBe(404);
    expect((await fetch(`${direct.url}/api/v1/dev/outbox`)).status).toBe(200);
    const relayed = await fetch(`${direct.url}/api/v1/dev/outbox`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.status).toBe(403);
  });
});
