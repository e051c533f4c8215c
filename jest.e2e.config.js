/** Whole-app tests: the built standalone server as a child process, real MQTT brokers, a real browser. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.e2e.spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }],
  },
  moduleNameMapper: {
    // A lib's public entry (contracts, and each context's index.ts).
    '^@lorawatch/([^/]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@lorawatch/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testTimeout: 180000,
  // One demo server and SMTP sink for every browser test file (test/support/console-stack.ts).
  globalSetup: '<rootDir>/test/support/e2e-global-setup.ts',
  globalTeardown: '<rootDir>/test/support/e2e-global-teardown.ts',
};
