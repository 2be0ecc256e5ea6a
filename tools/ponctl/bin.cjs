#!/usr/bin/env node
// `npx ponctl …` from the repository root: runs src/main.ts through the repo's TypeScript runner.
const path = require('node:path');
process.argv.splice(2, 0, path.join(__dirname, 'src', 'main.ts'));
require(path.join(__dirname, '..', 'run-ts.cjs'));
