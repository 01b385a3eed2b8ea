import { react } from '@feedloom/eslint-config';
export default react;
