import base, { boundaries } from '@feedloom/eslint-config';

/** Modules with a face (`index.ts`): the rest of the api imports them by their index only. */
const FACED_MODULES = ['catalogue'];

export default [
  ...base,
  ...boundaries('api'),
  {
    files: ['src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: FACED_MODULES.map((name) => ({
            target: ['./src/*.ts', './src/!(modules)/**', `./src/modules/!(${name})/**`],
            from: `./src/modules/${name}`,
            except: ['./index.ts'],
            message: `Import the ${name} module by its index (src/modules/${name}/index.ts), not its files.`,
          })),
        },
      ],
    },
  },
];
