import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** Text-like files worth compressing; woff/woff2 and images other than svg are compressed already. */
const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.ico',
  '.ttf',
  '.otf',
  '.eot',
  '.map',
]);

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of the build,
 * so the API serves compressed bytes without compressing at request time. A sibling that would not be
 * smaller than the file is not written: the server then sends the file as it is.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  const files = async (dir: string): Promise<string[]> =>
    (
      await Promise.all(
        (await readdir(dir, { withFileTypes: true }))
          // Dot folders (.vite/manifest.json) are build metadata, never served.
          .filter((e) => !e.name.startsWith('.'))
          .map((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)])),
      )
    ).flat();
  return {
    name: 'pondesk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const targets = (await files(outDir)).filter((f) => COMPRESSIBLE.has(extname(f)));
      await Promise.all(
        targets.map(async (file) => {
          const raw = await readFile(file);
          const [b, g] = await Promise.all([
            br(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (b.length < raw.length) await writeFile(`${file}.br`, b);
          if (g.length < raw.length) await writeFile(`${file}.gz`, g);
        }),
      );
    },
  };
}

export default defineConfig({
  root: here('.'),
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@pondesk/contracts': here('../../libs/shared/contracts/src/index.ts') },
  },
  build: {
    outDir: here('../../dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // The bench reads it to weigh what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        // The contracts are declarations (constants, types, zod schemas) with no side effects: saying so
        // lets a chunk that imports the barrel skip what it does not use (the form schemas and zod stay
        // out of the sign-in route). Every other module keeps the default, and so does the one contracts
        // module whose whole point is its side effect (zod's CSP-safe mode, forms/zod-jitless.ts).
        moduleSideEffects: (id) =>
          /[\\/]libs[\\/]shared[\\/]contracts[\\/]src[\\/]/.test(id) && !/zod-jitless/.test(id)
            ? false
            : undefined,
      },
    },
  },
  server: {
    port: 4200,
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true },
    },
  },
});
