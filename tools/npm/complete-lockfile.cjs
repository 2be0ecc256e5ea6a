#!/usr/bin/env node
// Run after changing dependencies: `node tools/npm/complete-lockfile.cjs package-lock.json`.
// The registry mirror of these machines serves only the Linux builds of native packages, so npm leaves
// the other platforms' optional packages out of the lock and `npm ci` then refuses the lock as out of sync.
// Adds lock entries for optional platform packages the registry mirror does not serve, so `npm ci`'s
// lock check passes; npm skips them at install time because their os/cpu do not match (or they fail as optional).
const fs = require('fs');
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const pk = lock.packages;
function guess(name) {
  const n = name.split('/').pop();
  const os = [
    'darwin',
    'linux',
    'win32',
    'freebsd',
    'android',
    'openbsd',
    'netbsd',
    'sunos',
    'aix',
    'openharmony',
    'wasm32',
    'wasi',
  ].find((o) => n.includes(o));
  const cpu = [
    'arm64',
    'x64',
    'ia32',
    'ppc64',
    's390x',
    'riscv64',
    'loong64',
    'arm',
    'wasm32',
    'mips64el',
  ].find((c) => n.includes(c));
  const out = {};
  if (os && os !== 'wasm32' && os !== 'wasi') out.os = [os];
  if (cpu) out.cpu = [cpu];
  if (os === 'linux') out.libc = [n.includes('musl') ? 'musl' : 'glibc'];
  return out;
}
let added = 0;
for (const [path, node] of Object.entries(pk)) {
  for (const [dep, spec] of Object.entries(node.optionalDependencies ?? {})) {
    // resolution: nested first, then hoisted
    const nested = `${path ? path + '/' : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (pk[nested] || pk[hoisted]) continue;
    const version = spec.replace(/^[\^~=]/, '');
    if (!/^\d+\.\d+\.\d+/.test(version)) {
      console.error('skip', dep, spec);
      continue;
    }
    pk[hoisted] = { version, ...guess(dep), optional: true, ...(node.dev ? { dev: true } : {}) };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pk).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
