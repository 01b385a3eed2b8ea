import { ZIdSchema } from '@feedloom/validation';
import { z } from 'zod';
import {
  ZUpdateProfileBodySchema,
  ZUpdateProfileResponseSchema,
  ZUserProfileSchema,
} from './account';
import { BINARY_RESPONSE, endpoint, USER } from './endpoint';

/** The signed-in user's own profile. */
export const profileContract = {
  get: endpoint({
    method: 'GET',
    path: '/user-profile-information',
    access: USER,
    response: ZUserProfileSchema,
  }),
  update: endpoint({
    method: 'POST',
    path: '/user-profile',
    access: USER,
    multipart: true,
    body: ZUpdateProfileBodySchema,
    response: ZUpdateProfileResponseSchema,
  }),
  /**
   * Only the caller's own picture, as image bytes (image/png or image/jpeg); the gateway serves it at
   * /media/profile-picture/{user_id} through its download path.
   */
  picture: endpoint({
    method: 'GET',
    path: '/profile-picture/:user_id',
    access: USER,
    params: z.object({ user_id: ZIdSchema('User id') }),
    binary: true,
    response: BINARY_RESPONSE,
  }),
} as const;
