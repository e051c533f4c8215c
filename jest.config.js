/** Backend tests: pure (*.unit.spec.ts) and real embedded engines (*.int.spec.ts). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test'],
  testMatch: ['**/*.unit.spec.ts', '**/*.int.spec.ts'],
  transform: { '^.+\\.ts$': ['@swc/jest'] },
  moduleNameMapper: { '^@lorawatch/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2' },
  testTimeout: 30000,
};
