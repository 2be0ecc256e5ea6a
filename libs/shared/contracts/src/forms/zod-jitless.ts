import { config } from 'zod';

/*
 * Imported first by every form schema, so zod is configured before the first schema is built. zod
 * compiles object parsers with `new Function` unless told not to, and even its feature probe is
 * reported as a Content-Security-Policy violation under the console's `script-src 'self'`; the
 * interpreted parser is fast enough for forms. The web build keeps this module's side effect (see
 * apps/web/vite.config.mts) although the rest of the contracts are marked side-effect free.
 */
config({ jitless: true });
