// Unit and component tests of the front-end packages (the api runs its own suites on real databases).
const frontEnd = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: {
    '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json', diagnostics: false }],
  },
  moduleNameMapper: {
    '^@linepulse/shared$': '<rootDir>/../shared/src/index.ts',
    '^@linepulse/shared/rules$': '<rootDir>/../shared/src/rules/index.ts',
    '\\.(css|svg|png)$': '<rootDir>/../shared/src/testing/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/jest-setup.ts'],
});

module.exports = {
  projects: ['shared', 'host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'].map(frontEnd),
};
