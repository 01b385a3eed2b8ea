// The shared style plus Tailwind's class order (prettier-plugin-tailwindcss), read from the app's stylesheet.
import { createRequire } from 'node:module';

const base = createRequire(import.meta.url)('@feedloom/prettier-config');

export default {
  ...base,
  plugins: ['prettier-plugin-tailwindcss'],
  tailwindStylesheet: './src/styles.css',
  tailwindFunctions: ['cn', 'cva'],
};
