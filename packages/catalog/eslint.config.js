import base, { boundaries } from '@feedloom/eslint-config';

// The core (@feedloom/catalog) is pure: no files, threads or OS (ARCHITECTURE.md). What needs them lives in
// src/node/ (@feedloom/catalog/node); tests, benchmarks and test helpers may use anything.
const NODE_ONLY = [
  'fs',
  'fs/promises',
  'os',
  'worker_threads',
  'child_process',
  'cluster',
  'net',
  'http',
  'https',
];
const message = 'The catalog core does no I/O: put this in src/node/ (the @feedloom/catalog/node entry).';

export default [
  ...base,
  ...boundaries('catalog'),
  { ignores: ['bench/.build/**'] },
  {
    files: ['src/**/*.ts', 'src/**/*.mjs'],
    ignores: ['src/node/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_ONLY.flatMap((name) => [
            { name, message },
            { name: `node:${name}`, message },
          ]),
          patterns: [{ group: ['**/node', '**/node/**', '@feedloom/catalog/node'], message }],
        },
      ],
    },
  },
];
