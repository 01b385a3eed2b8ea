import { boundaries, react } from '@feedloom/eslint-config';

export default [...react, ...boundaries('web')];
