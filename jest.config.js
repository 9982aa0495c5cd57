/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
    // @marcbachmann/cel-js ships ES modules only; jest's CommonJS runtime needs them transpiled
    // (node itself loads them with require(esm), so built code does not need this).
    // So do secretlint's rule set (model/shared/secret-scan.ts) and runner (its equivalence test).
    '/node_modules/(@marcbachmann/cel-js|@secretlint/[^/]+)/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs', target: 'ES2022', isolatedModules: true } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@marcbachmann/cel-js/|@secretlint/)'],
  testTimeout: 60000,
  // A cache folder per run (cfn-lint's results): never the user's ~/.cache.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
};
