export { default } from '@feedloom/eslint-config';
