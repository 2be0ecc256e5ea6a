// One jest run, three projects: colocated unit specs, integration specs against the real
// Postgres/Redis, and end-to-end specs driving Chromium against the built app.
const { compilerOptions } = require('./tsconfig.base.json');

const moduleNameMapper = Object.fromEntries(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [
    `^${alias.replace('/', '\\/')}$`,
    `<rootDir>/${target.replace('./', '')}`,
  ]),
);

const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        // Global setup files load without moduleNameMapper: swc rewrites the path aliases itself.
        baseUrl: __dirname,
        paths: compilerOptions.paths,
        parser: { syntax: 'typescript', tsx: true, decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
      sourceMaps: 'inline',
    },
  ],
};

const common = {
  rootDir: __dirname,
  transform,
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
};

module.exports = {
  // Integration and e2e tests start real processes; hooks get the same allowance as tests.
  testTimeout: 60000,
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.spec.ts', '<rootDir>/{apps,libs,tools}/**/*.spec.tsx'],
    },
    {
      ...common,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/{apps,libs,tools}/**/*.integration-spec.ts'],
      globalSetup: '<rootDir>/libs/server/testing/src/jest-global-setup.ts',
      globalTeardown: '<rootDir>/libs/server/testing/src/jest-global-teardown.ts',
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/apps/web-e2e/src/**/*.e2e.ts'],
      globalSetup: '<rootDir>/apps/web-e2e/src/support/global-setup.ts',
      globalTeardown: '<rootDir>/apps/web-e2e/src/support/global-teardown.ts',
    },
  ],
};
