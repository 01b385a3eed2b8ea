import base from '@feedloom/eslint-config';

export default [...base, { ignores: ['bench/.build/**'] }];
