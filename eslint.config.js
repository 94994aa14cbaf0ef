import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Web layers (bulletproof-react's .eslintrc.cjs): shared code (components, hooks, lib, config, utils,
 * types) → features → app. A feature never imports another feature: one generated zone per feature
 * folder, so a new feature is covered without touching this file.
 */
const WEB = 'apps/web/src';
const webFeatures = readdirSync(`${root}${WEB}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const WEB_SHARED = ['components', 'hooks', 'lib', 'config', 'utils', 'types'].map((dir) => `${WEB}/${dir}`);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in app/, or move the shared piece to components/ or lib/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features never import app/ (imports flow shared → features → app).' },
  ...WEB_SHARED.map((target) => ({
    target,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code (components, hooks, lib, config) never imports features/ or app/ (imports flow shared → features → app).',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**', 'apps/web/test-results/**', 'apps/web/playwright-report/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The web's `@/` alias comes from its tsconfig paths.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js'], tsconfig: { configFile: `${root}apps/web/tsconfig.json` } }),
      ],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: webZones }] },
  },
  {
    files: ['scripts/**', 'apps/server/src/cli.ts', '**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
