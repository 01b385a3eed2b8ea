import base, { boundaries } from '@feedloom/eslint-config';

export default [...base, ...boundaries('validation')];
