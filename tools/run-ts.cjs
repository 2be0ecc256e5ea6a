#!/usr/bin/env node
// Runs a TypeScript entrypoint of this repo without a build step (swc, with the tsconfig path aliases).
const path = require('node:path');
const root = path.resolve(__dirname, '..');
process.env.SWC_NODE_PROJECT = process.env.SWC_NODE_PROJECT || path.join(root, 'tsconfig.base.json');
require('@swc-node/register');
const [entry, ...rest] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node tools/run-ts.cjs <file.ts> [args…]\n');
  process.exit(2);
}
process.argv = [process.argv[0], path.resolve(entry), ...rest];
require(path.resolve(entry));
