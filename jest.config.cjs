// Unit and component tests of the front-end packages (the api runs its own suites on real databases).
// Each package gives two projects: `*.test.ts` (rules, clients, pure functions) run in plain Node, and
// only `*.test.tsx` (components) pay for a jsdom window. docs/decisions/0006-test-runners.md has the
// figures behind these choices.
const { existsSync } = require('node:fs');
const path = require('node:path');

const PACKAGES = ['contracts', 'shared', 'host', 'remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'];

// SWC strips types file by file (as `isolatedModules` already requires) and is far quicker than ts-jest;
// type errors are the typecheck step's job. The parser follows the extension: a `.ts` file parsed as
// TSX would misread `<T>(x) => …` generics.
const swc = (parser) => ['@swc/jest', { jsc: { parser, target: 'es2022', transform: { react: { runtime: 'automatic' } } } }];
const transform = {
  '^.+\\.tsx$': swc({ syntax: 'typescript', tsx: true }),
  '^.+\\.m?ts$': swc({ syntax: 'typescript' }),
  '^.+\\.[mc]?jsx?$': swc({ syntax: 'ecmascript', jsx: true }),
};

// Fluent UI's CommonJS entries load every component and icon; lazy stand-ins load what a test reads
// (see shared/src/testing/lazy-barrels.cjs for why and how).
const lazyFluent = (() => {
  const { lazyBarrel } = require('./shared/src/testing/lazy-barrels.cjs');
  const cacheDir = path.join(__dirname, 'node_modules', '.cache', 'linepulse-jest');
  const mapper = {};
  for (const specifier of ['@fluentui/react-components', '@fluentui/react-icons']) {
    try {
      mapper[`^${specifier}$`] = lazyBarrel(specifier, path.join(__dirname, 'shared'), cacheDir);
    } catch (error) {
      console.warn(`jest: ${specifier} is loaded whole (no lazy stand-in: ${error.message})`);
    }
  }
  return mapper;
})();

// The Highcharts the product ships (shared/webpack/highcharts-as-drawn.mjs and its modules as ES modules,
// as the build resolves them), so that a chart test fails when it needs a part the product left out.
const highchartsAsDrawn = (() => {
  const modules = require('./shared/webpack/highcharts-modules.cjs');
  return {
    '^highcharts$': modules.HIGHCHARTS_AS_DRAWN,
    ...Object.fromEntries(modules.HIGHCHARTS_MODULES.map((name) => [`^highcharts/modules/${name}$`, modules.highchartsEsModule(name)])),
    [modules.HIGHCHARTS_UNUSED_A11Y_REQUESTS]: modules.HIGHCHARTS_UNUSED_A11Y_COMPONENT,
  };
})();

const common = (name) => ({
  rootDir: `<rootDir>/${name}`,
  transform,
  // react-intl, @formatjs and typebox ship only ES modules, and so do Highcharts' own modules: let SWC
  // turn them into CommonJS.
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(react-intl|@formatjs|intl-messageformat|typebox|highcharts))'],
  moduleNameMapper: {
    ...lazyFluent,
    ...highchartsAsDrawn,
    '^@linepulse/shared$': '<rootDir>/../shared/src/index.ts',
    '^@linepulse/shared/testing$': '<rootDir>/../shared/src/testing/index.ts',
    '^@linepulse/shared/early$': '<rootDir>/../shared/src/early.ts',
    '\\.(css|svg|png)$': '<rootDir>/../shared/src/testing/file-stub.cjs',
  },
  setupFilesAfterEnv: ['<rootDir>/../shared/src/testing/jest-setup.ts'],
});

const node = (name) => ({
  ...common(name),
  displayName: name,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.test.ts'],
});

const dom = (name) => ({
  ...common(name),
  displayName: `${name} (dom)`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.tsx'],
  setupFilesAfterEnv: [...common(name).setupFilesAfterEnv, '<rootDir>/../shared/src/testing/griffel-rule-filter.ts', '<rootDir>/../shared/src/testing/dialog-race-retry.ts'],
});

module.exports = {
  // jest's default is one worker fewer than the cores, which on a 2-core machine means one worker and
  // a main process that mostly waits: the test files ran one after another.
  maxWorkers: '100%',
  // Fluent modules now load inside the first test that renders them (lazy stand-ins), not before it:
  // on a busy 2-core machine that first test went past jest's 5 s default.
  testTimeout: 20_000,
  // A package folder that does not exist (yet) is skipped rather than failing the whole run.
  projects: PACKAGES.filter((name) => existsSync(path.join(__dirname, name, 'src'))).flatMap((name) => [node(name), dom(name)]),
};
