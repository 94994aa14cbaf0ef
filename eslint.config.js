import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// ---------------------------------------------------------------------------------------------
// Server layers (apps/server/src), docs/decisions/0015-module-template.md.
// Core (config.ts, context.ts, db/, lib/, plugins/) never imports a module or the composition
// root (app.ts, runtime.ts, server.ts, cli.ts, cli/, seed/); lib/ is pure (no db/ either).
// A module uses another only through its <m>.service.ts — or, for a module with a narrow
// interface (NARROW below, decision 0039), only through the files listed there — and touches only
// its own tables (db/schema/<m>.ts). The per-module zones come from the folder list, so a new module is covered
// without editing this file. Tests and fixtures compose like the root and are exempt.
const SERVER = 'apps/server/src';
const serverModules = readdirSync(path.join(import.meta.dirname, SERVER, 'modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const schemaFiles = readdirSync(path.join(import.meta.dirname, SERVER, 'db/schema')).filter((f) => f.endsWith('.ts'));
const CORE = ['config.ts', 'context.ts', 'db', 'lib', 'plugins'].map((p) => `${SERVER}/${p}`);
const ROOT = ['app.ts', 'runtime.ts', 'server.ts', 'cli.ts', 'cli', 'seed'].map((p) => `${SERVER}/${p}`);
/** Modules whose administration stays behind a narrow interface: the only files other modules may import (types too). */
const NARROW = {
  academics: ['academics.read.ts', 'academics.enrolment.ts'],
  calendar: ['calendar.read.ts'],
  // auth asks it whether a password sign-in is allowed; identity.service.ts imports auth, so auth may not import it.
  identity: ['identity.policy.ts'],
};
const publicFiles = (m) => NARROW[m] ?? [`${m}.service.ts`];
const serverZones = [
  { target: CORE, from: `${SERVER}/modules`, message: 'Core never imports a module: take an interface (see plugins/access.ts) and let the composition root pass the module in.' },
  { target: CORE, from: ROOT, message: 'Core never imports the composition root.' },
  { target: `${SERVER}/lib`, from: [`${SERVER}/db`, `${SERVER}/plugins`, `${SERVER}/context.ts`, `${SERVER}/config.ts`], message: 'lib/ is pure: no database, plugins, context or configuration.' },
  { target: `${SERVER}/modules`, from: ROOT, message: 'Modules never import the composition root.' },
  ...serverModules.flatMap((m) => [
    ...serverModules
      .filter((other) => other !== m)
      .map((other) => ({
        target: `${SERVER}/modules/${m}`,
        from: `${SERVER}/modules/${other}`,
        except: publicFiles(other).map((f) => `./${f}`),
        message: `Use the ${other} module only through ${publicFiles(other).join(' or ')}.`,
      })),
    {
      target: `${SERVER}/modules/${m}`,
      from: schemaFiles.filter((f) => f !== `${m}.ts`).map((f) => `${SERVER}/db/schema/${f}`),
      message: `Module ${m} reads and writes only its own tables (db/schema/${m}.ts); ask the owning module's service for anything else.`,
    },
  ]),
];

// ---------------------------------------------------------------------------------------------
const root = `${import.meta.dirname}/`;

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
  { ignores: ['**/node_modules/**', '**/dist/**', '**/.test-dist/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**', 'apps/web/test-results/**', 'apps/web/playwright-report/**', 'bench-results/**'] },
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
    // Server layers (see the comment at the top).
    files: [`${SERVER}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverZones }] },
  },
  {
    // Web layers (see webZones above).
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
    // No import cycles anywhere in the three packages (issue 26): a cycle makes load order decide
    // which binding is still undefined. Type-only imports are skipped by the rule (erased at build);
    // packages outside the repo cannot import ours back, so the walk stops at them (ignoreExternal).
    files: ['apps/server/**/*.ts', 'apps/web/**/*.{ts,tsx}', 'packages/shared/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The rule parses each imported file itself: it must know TypeScript files and their parser.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The server and shared code import files by their .ts names (the web's resolver is set above).
    files: ['apps/server/**/*.ts', 'packages/shared/**/*.ts'],
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })] },
  },
  {
    // Zod-free values (decision 0012): screens that only show a module's labels import them from
    // constants/ and load no schema; a zod import here would put zod back on those pages' path.
    files: ['packages/shared/src/constants/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['zod', 'zod/*', '../schemas/*', '../fields*'], message: 'constants/ stays zod-free: the schema belongs in schemas/.' }] }],
    },
  },
  {
    // A screen imports the messages of its module (packages/shared/src/messages/<part>.ts); MSG, all
    // of them, is for the server and the shared schemas (decision 0012).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@crs/shared/messages', message: 'Import the part a screen needs: @crs/shared/messages/<module>.' }] }],
    },
  },
  {
    // One date and time format, in the college's time zone (issue 25): screens call lib/format-date.ts,
    // never the browser's locale or zone. Numbers go through an explicit Intl.NumberFormat.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format-date.ts', '**/*.test.ts', '**/*.test.tsx', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Dates and times go through @/lib/format-date (the college\'s zone, one style); numbers through Intl.NumberFormat.',
        },
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat'], CallExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Dates and times go through @/lib/format-date (the college\'s zone, one style).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'apps/server/src/cli.ts', '**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
