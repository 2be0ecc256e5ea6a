import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  plugins: [react()],
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
