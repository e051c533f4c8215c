/** Backend tests: pure (*.unit.spec.ts) and real embedded engines (*.int.spec.ts). */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/libs', '<rootDir>/apps', '<rootDir>/test', '<rootDir>/bench'],
  testMatch: ['**/*.unit.spec.ts', '**/*.int.spec.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json', isolatedModules: true, diagnostics: false }],
    // @nestjs/passport ships ES modules only: Node loads them with require(), jest needs them as CommonJS.
    '^.+/node_modules/@nestjs/passport/.+\\.js$': [
      'ts-jest',
      { tsconfig: { allowJs: true, module: 'commonjs' }, isolatedModules: true, diagnostics: false },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!@nestjs/passport/)'],
  moduleNameMapper: {
    // A lib's public entry (contracts, and each context's index.ts).
    '^@lorawatch/([^/]+)$': '<rootDir>/libs/$1/src/index.ts',
    '^@lorawatch/([^/]+)/(.*)$': '<rootDir>/libs/$1/src/$2',
  },
  testTimeout: 30000,
};
