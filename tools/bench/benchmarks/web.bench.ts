import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from '../bench-types';

const ROOT = resolve(__dirname, '../../..');
const DIST = join(ROOT, 'dist/web');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** Every JS file a chunk loads before it runs (itself and its static imports, transitively). */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

export const benchmarks: Benchmark[] = [
  {
    name: 'web.login_js_gzip',
    unit: 'KB gz',
    budget: 250,
    better: 'lower',
    description:
      'gzipped JavaScript the browser loads to show /login: the entry chunk, the login page chunk and their static imports',
    async run(log) {
      // Always from a fresh build: a stale dist/ would measure yesterday's bundle.
      log('building the web app');
      execFileSync('npm', ['run', '--silent', 'build:web'], { cwd: ROOT, stdio: 'ignore' });
      const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
      const login = Object.keys(manifest).find((k) => /login-page\.tsx$/.test(k));
      if (!entry || !login) throw new Error(`manifest has no ${entry ? 'login page' : 'entry'} chunk`);
      const files = new Set(
        [...closure(manifest, entry), ...closure(manifest, login)].map((k) => manifest[k].file),
      );
      let bytes = 0;
      for (const f of files) {
        const gz = gzipSync(readFileSync(join(DIST, f)), { level: 9 }).length;
        log(`${f}: ${(gz / 1024).toFixed(1)} KB gz`);
        bytes += gz;
      }
      const lazy = Object.values(manifest).filter((c) => !c.isEntry && c.src?.endsWith('-page.tsx')).length;
      log(`${lazy} lazily loaded route pages`);
      return bytes / 1024;
    },
  },
];
