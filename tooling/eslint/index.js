// Shared flat config: typescript-eslint's type-checked recommended rules, the habits of CODE_STYLE.md, no import
// circle anywhere, and the "may import" table of ARCHITECTURE.md as lint rules (`boundaries`).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const TS_FILES = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];
const TEST_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/*.spec.ts',
  '**/test/**',
  '**/tests/**',
  '**/testing/**',
  '**/bench/**',
];

export const base = tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.turbo/**', 'coverage/**', '**/*.gen.*', '**/.build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: process.cwd() },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      eqeqeq: ['error', 'smart'],
      // Fastify's async handlers and hooks, and async interfaces (a mailer's deliver), return without awaiting by design.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        {
          allowNumber: true,
          allowBoolean: true,
          allowNullish: true,
          // A query string in a URL template is what URLSearchParams#toString is for.
          allow: [
            { from: 'lib', name: ['URL', 'URLSearchParams'] },
            { from: 'package', name: ['URL', 'URLSearchParams'], package: '@types/node' },
          ],
        },
      ],
      // Follow-up: String(value) on values typed as wide unions (CSV cells, query values) in about ten places
      // needs a look one by one; off until then.
      '@typescript-eslint/no-base-to-string': 'off',
      // React: a promise-returning handler in a JSX attribute (onSubmit={form.handleSubmit(…)}) is the library's contract.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Config files and scripts in plain JavaScript are outside every tsconfig: no type information for them.
  { files: ['**/*.js', '**/*.mjs', '**/*.cjs'], ...tseslint.configs.disableTypeChecked },
  // An import circle makes load order decide behaviour (an import that is still undefined) and blocks
  // code-splitting: none anywhere. The TypeScript resolver follows tsconfig paths (`@/…`) and package exports.
  {
    files: TS_FILES,
    ...importX.flatConfigs.typescript,
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  // React's act() over synchronous work (fake timers) returns a thenable with nothing to wait for; the tests'
  // helpers call it bare. Follow-up: `void act(…)` in those helpers, then drop this.
  {
    files: ['**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
  // Tests read JSON answers (app.inject, fetch) as `any` and pull methods off fixtures: asserting on them is the point.
  {
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // `screen.getByRole(…) as HTMLInputElement` reads better than a type argument on a DOM query.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
    },
  },
);

export const react = tseslint.config(...base, {
  files: ['**/*.tsx', '**/*.ts'],
  languageOptions: { globals: { ...globals.browser } },
  plugins: { 'react-hooks': reactHooks },
  rules: {
    'react-hooks/rules-of-hooks': 'error',
    'react-hooks/exhaustive-deps': 'warn',
  },
});

// ARCHITECTURE.md, "may import": the workspace packages each one may use. Tooling packages (bench-kit,
// eslint/ts/prettier configs) are allowed everywhere. `typesOnly`: may be imported with `import type` only.
const APPS = ['api', 'gateway', 'sandbox', 'web'];
const TOOLING = ['bench-kit', 'eslint-config', 'tsconfig', 'prettier-config'];
const MAY_IMPORT = {
  web: { packages: ['validation'], typesOnly: ['gateway'] },
  gateway: { packages: ['contracts', 'validation'] },
  api: { packages: ['contracts', 'validation', 'catalog'] },
  sandbox: { packages: ['catalog'] },
  contracts: { packages: ['validation'] },
  validation: { packages: [] },
  catalog: { packages: ['validation'] },
  e2e: { packages: ['contracts', 'validation', 'catalog'] },
};
/** Public test-facing entries an app exports for another app's tests (never its `src`). */
const TEST_ENTRIES = {
  api: ['sandbox/testing', 'contracts/testing'],
  gateway: ['contracts/testing'],
  web: ['contracts/testing'],
};

/**
 * The import boundaries of one workspace package (`web`, `api`, `contracts`, `e2e`, …): other workspace
 * packages only by their declared name and only those the table allows, never another package's `src`
 * by path, never another app's files by a relative path.
 */
export const boundaries = (self) => {
  const allowed = MAY_IMPORT[self];
  if (!allowed) throw new Error(`boundaries: unknown workspace package ${self}`);
  const typesOnly = allowed.typesOnly ?? [];
  const permitted = [self, ...allowed.packages, ...TOOLING, ...typesOnly];
  const forbiddenApps = APPS.filter((app) => app !== self);
  const rule = (testEntries) => [
    'error',
    {
      paths: typesOnly.map((name) => ({
        name: `@feedloom/${name}`,
        allowTypeImports: true,
        message: `${self} may import only types from @feedloom/${name} (ARCHITECTURE.md): use \`import type\`.`,
      })),
      patterns: [
        {
          // Any @feedloom/ package (or entry of one) but the permitted packages and the given test entries.
          regex: `^@feedloom/(?!(?:${permitted.join('|')})(?:/|$)${testEntries.map((e) => `|${e}$`).join('')})`,
          message: `${self} may import only ${[...allowed.packages, ...typesOnly.map((n) => `${n} (types)`)].join(', ') || 'no workspace package'} (ARCHITECTURE.md, "may import").`,
        },
        {
          group: ['@feedloom/*/src', '@feedloom/*/src/**'],
          message: 'Import a package by its declared entry (package.json exports), not its src.',
        },
        {
          regex: `^\\.\\.?/(?:.*/)?(?:apps|packages|${forbiddenApps.join('|')})/`,
          message:
            'No relative import into another workspace package: import it by name, if the table allows it.',
        },
      ],
    },
  ];
  const testEntries = TEST_ENTRIES[self] ?? [];
  return [
    { files: TS_FILES, rules: { '@typescript-eslint/no-restricted-imports': rule([]) } },
    ...(testEntries.length
      ? [{ files: TEST_FILES, rules: { '@typescript-eslint/no-restricted-imports': rule(testEntries) } }]
      : []),
  ];
};

export default base;
