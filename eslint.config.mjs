// Lint rules for the whole workspace. The import boundaries of the micro-frontend architecture are
// rules here, not conventions: remotes reach `shared` only through its public entry and never import
// the host or another remote; the host never imports a remote's code (it loads them at runtime).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const REMOTES = ['remote-overview', 'remote-downtime', 'remote-reports', 'remote-admin', 'remote-opportunities'];

const sharedInternals = {
  group: ['@linepulse/shared/src/*', '**/shared/src/*', '**/shared/src/**'],
  message: 'Import @linepulse/shared through its public entry only.',
};

/**
 * What only a page's starter may call: the host, or the sister-product embed, which starts the overview
 * without a host. A remote page that called these would reconfigure services, the notifier or the
 * providers for every other area on the page. (MSAL and the sign-in session load live in the host
 * itself, so remotes cannot reach them at all.)
 */
const START_UP_ONLY = {
  name: '@linepulse/shared',
  importNames: ['configureServices', 'resetServices', 'createStoreNotifier', 'Snackbar', 'LinepulseIntlProvider', 'storeTheme', 'storeLanguage'],
  message: 'Start-up only: the host (or the embed entry) configures services and providers; a remote page uses what the host lends.',
};

function importRule(app, { startUpAllowed }) {
  const others = ['host', ...REMOTES].filter((name) => name !== app);
  return [
    'error',
    {
      patterns: [
        sharedInternals,
        {
          group: others.flatMap((name) => [`@linepulse/${name}`, `@linepulse/${name}/*`, `**/${name}/**`]),
          message: 'Apps are deployed apart: never import another app. Share through @linepulse/shared.',
        },
        ...(app === 'host'
          ? []
          : [
              { group: ['@azure/msal-browser', '@azure/msal-react'], message: 'Sign-in belongs to the host: use the token provider the platform lends.' },
              // Bundled, not lent: a remote importing it would hold a second copy of the platform's language cache.
              { group: ['@linepulse/shared/early'], message: "The host's entry module only: a remote uses loadMessages from @linepulse/shared." },
            ]),
      ],
      ...(startUpAllowed ? {} : { paths: [START_UP_ONLY] }),
    },
  ];
}

/** Page starters besides the host: the sister product's embed entry (it has no host), and tests. */
const STARTERS = { 'remote-overview': ['src/embed.tsx'] };

/**
 * Highcharts' types are anyone's, its code the platform's: only the platform's chart draws with it, so
 * Highcharts is bundled with the platform instead of shared apart (decision 65), and a chart of the app's
 * own would load a second, full Highcharts with modules registered elsewhere.
 */
const HIGHCHARTS_TYPES_ONLY = [
  'error',
  {
    patterns: [
      {
        group: ['highcharts', 'highcharts/**', 'highcharts-react-official'],
        allowTypeImports: true,
        message: "Draw charts with the platform's Chart (its options are Highcharts' types): Highcharts' code belongs to the platform.",
      },
    ],
  },
];

function boundaryFor(app) {
  const starters = [`${app}/src/**/*.test.{ts,tsx}`, ...(STARTERS[app] ?? []).map((file) => `${app}/${file}`)];
  return [
    // Tests may read the charts the platform drew (`Highcharts.charts`).
    { files: [`${app}/src/**/*.{ts,tsx}`], ignores: [`${app}/src/**/*.test.{ts,tsx}`], rules: { '@typescript-eslint/no-restricted-imports': HIGHCHARTS_TYPES_ONLY } },
    { files: [`${app}/src/**/*.{ts,tsx}`], rules: { 'no-restricted-imports': importRule(app, { startUpAllowed: app === 'host' }) } },
    { files: starters, rules: { 'no-restricted-imports': importRule(app, { startUpAllowed: true }) } },
  ];
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', 'e2e/test-results/**', 'e2e/.fixtures/**', 'e2e/playwright-report/**', 'bench/results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{cjs,js,mjs}'],
    languageOptions: { globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...['host', ...REMOTES].flatMap(boundaryFor),
  {
    // Node scripts (budget measurements and the like) run outside the browser and use Node's globals.
    files: ['**/scripts/**/*.{js,mjs,cjs}', 'api/bench/**/*.mjs'],
    languageOptions: { globals: { URL: 'readonly', Buffer: 'readonly', performance: 'readonly', setTimeout: 'readonly', fetch: 'readonly' } },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.ts', '**/scripts/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
