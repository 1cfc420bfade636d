// Unit and component tests of the front-end packages (the api runs its own suites on real databases).
const frontEnd = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.m?[tj]sx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json', diagnostics: false }],
  },
  // react-intl and @formatjs ship only ES modules: let ts-jest turn them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(react-intl|@formatjs|intl-messageformat|typebox))'],
  moduleNameMapper: {
    '^@linepulse/shared$': '<rootDir>/../shared/src/index.ts',
    '^@linepulse/shared/testing$': '<rootDir>/../shared/src/testing/index.ts',
    '\\.(css|svg|png)$': '<rootDir>/../shared/src/testing/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/jest-setup.ts'],
});

module.exports = {
  projects: ['contracts', 'shared', 'host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'].map(frontEnd),
};
