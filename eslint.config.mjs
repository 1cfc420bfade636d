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

function boundaryFor(app) {
  const others = ['host', ...REMOTES].filter((name) => name !== app);
  return {
    files: [`${app}/src/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            sharedInternals,
            {
              group: others.flatMap((name) => [`@linepulse/${name}`, `@linepulse/${name}/*`, `**/${name}/**`]),
              message: 'Apps are deployed apart: never import another app. Share through @linepulse/shared.',
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/coverage/**', '.data/**', 'e2e/test-results/**', 'e2e/playwright-report/**', 'bench/results/**'],
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
  ...['host', ...REMOTES].map(boundaryFor),
  {
    // Node scripts (budget measurements and the like) run outside the browser and use Node's globals.
    files: ['**/scripts/**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { URL: 'readonly', Buffer: 'readonly', performance: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['api/**/*.ts', 'e2e/**/*.ts', '**/scripts/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
);
