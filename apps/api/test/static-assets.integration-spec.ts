import { request, type IncomingHttpHeaders } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startApiProcess, testEnv, type ApiProcess } from '@pondesk/server-testing';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with Node's plain HTTP client, which (unlike fetch) hands back the bytes as sent. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

function decode(res: RawResponse): Buffer {
  const coding = res.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(res.body);
  if (coding === 'gzip') return gunzipSync(res.body);
  if (coding === undefined) return res.body;
  throw new Error(`unexpected content-encoding ${coding}`);
}

/**
 * A stand-in for the built web app, laid out as the build leaves it: hashed files under assets/ with
 * `.br` and `.gz` siblings, index.html with its own, and a tiny file whose siblings would not be smaller.
 */
function webDist() {
  const dir = mkdtempSync(join(tmpdir(), 'pondesk-web-'));
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = 'row ${i} of the bundle';`).join('\n'),
  );
  const style = Buffer.from('body { margin: 0; }\n'.repeat(200));
  const html = Buffer.from(
    `<!doctype html><html><head><script type="module" src="/assets/index-B4x9Kq1z.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`,
  );
  const files: Record<string, Buffer> = {
    'assets/index-B4x9Kq1z.js': script,
    'assets/index-Cq81mZpa.css': style,
    'index.html': html,
  };
  for (const [name, bytes] of Object.entries(files)) {
    writeFileSync(join(dir, name), bytes);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(bytes));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  }
  writeFileSync(join(dir, 'assets/tiny-D0q1a2b3.js'), 'export{}');
  writeFileSync(join(dir, '.vite/manifest.json'), '{}');
  return { dir, script, style, html };
}

describe('the web app and API answers as sent on the wire', () => {
  const dist = webDist();
  let api: ApiProcess;
  let url: string;

  beforeAll(async () => {
    api = await startApiProcess(testEnv({ WEB_DIST_DIR: dist.dir }));
    url = api.url;
  });
  afterAll(async () => {
    await api?.stop();
    rmSync(dist.dir, { recursive: true, force: true });
  });

  it.each([
    ['br, gzip, deflate', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['deflate', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s" gets a hashed script as %s', async (accept, coding) => {
    const res = await raw(`${url}/assets/index-B4x9Kq1z.js`, accept ? { 'accept-encoding': accept } : {});
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(decode(res).equals(dist.script)).toBe(true);
    if (coding) expect(res.body.length).toBeLessThan(dist.script.length / 2);
  });

  it('sends a stylesheet and index.html compressed with their own types and cache rules', async () => {
    const css = await raw(`${url}/assets/index-Cq81mZpa.css`, { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(decode(css).equals(dist.style)).toBe(true);
    for (const path of ['/', '/index.html', '/dashboard', '/olt-ports?oltId=1']) {
      const res = await raw(`${url}${path}`, { 'accept-encoding': 'br, gzip' });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(decode(res).equals(dist.html)).toBe(true);
    }
  });

  it('answers a revalidation with 304 per representation, and HEAD with headers only', async () => {
    const br = await raw(`${url}/dashboard`, { 'accept-encoding': 'br' });
    const gz = await raw(`${url}/dashboard`, { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toBeDefined();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await raw(`${url}/dashboard`, {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag!,
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    // The br validator does not revalidate the gzip bytes.
    const other = await raw(`${url}/dashboard`, {
      'accept-encoding': 'gzip',
      'if-none-match': br.headers.etag!,
    });
    expect(other.status).toBe(200);
    expect(decode(other).equals(dist.html)).toBe(true);

    const asset = await raw(`${url}/assets/index-B4x9Kq1z.js`, { 'accept-encoding': 'br' });
    const head = await raw(`${url}/assets/index-B4x9Kq1z.js`, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(asset.headers['content-length']);
    expect(head.headers.etag).toBe(asset.headers.etag);
  });

  it('sends a file without siblings as it is, 404s an unknown asset and never serves the build metadata', async () => {
    const tiny = await raw(`${url}/assets/tiny-D0q1a2b3.js`, { 'accept-encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export{}');
    expect((await raw(`${url}/assets/gone-Zz9y8x7w.js`)).status).toBe(404);
    expect((await raw(`${url}/assets/index-B4x9Kq1z.js.br`)).status).toBe(404);
    const meta = await raw(`${url}/.vite/manifest.json`);
    expect(meta.headers['content-type']).toMatch(/^text\/html/);
  });

  it('gzips API JSON over 1 KB for clients that accept gzip and leaves small answers alone', async () => {
    const plain = await raw(`${url}/api/docs-json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);
    // gzip whichever codings the client lists with it (br costs the API more CPU per request).
    for (const [accept, coding] of [
      ['br, gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'gzip'],
      ['gzip', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const res = await raw(`${url}/api/docs-json`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length / 3);
      expect(decode(res).equals(plain.body)).toBe(true);
    }
    for (const accept of ['br', 'deflate', 'gzip;q=0, br']) {
      const res = await raw(`${url}/api/docs-json`, { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body.equals(plain.body)).toBe(true);
    }
    const small = await raw(`${url}/api/v1/health`, { 'accept-encoding': 'br, gzip' });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual(expect.any(Object));
  });

  it('leaves the Socket.IO polling transport working', async () => {
    const res = await raw(`${url}/socket.io/?EIO=4&transport=polling`, { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    const open = decode(res).toString();
    expect(open).toMatch(/^0\{/);
    expect(JSON.parse(open.slice(1))).toEqual(expect.objectContaining({ sid: expect.any(String) }));
  });
});
