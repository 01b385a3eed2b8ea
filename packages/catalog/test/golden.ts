import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

// Golden files: the expected output of a writer, checked in under test/golden/. Locally a missing file is
// written from the current output (and UPDATE_GOLDEN=1 rewrites them all); on CI nothing is written, so a
// golden file that was never committed fails the run instead of passing against itself.

export const GOLDEN_DIR = new URL('./golden/', import.meta.url);

const isSet = (v: string | undefined): boolean => v !== undefined && v !== '' && v !== '0' && v !== 'false';

export const expectGolden = (name: string, actual: string, dir: URL = GOLDEN_DIR): void => {
  const file = new URL(name, dir);
  const onCi = isSet(process.env.CI);
  if (!onCi && (isSet(process.env.UPDATE_GOLDEN) || !existsSync(file))) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, actual);
  }
  if (!existsSync(file)) {
    throw new Error(
      `The golden file ${name} is missing. Run the tests once without CI set (or with UPDATE_GOLDEN=1) ` +
        'to write it, check it, and commit it.',
    );
  }
  expect(actual).toBe(readFileSync(file, 'utf8'));
};
