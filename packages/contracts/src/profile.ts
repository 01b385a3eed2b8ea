import { ZIdSchema } from '@feedloom/validation';
import { z } from 'zod';
import {
  ZProfilePictureSchema,
  ZUpdateProfileBodySchema,
  ZUpdateProfileResponseSchema,
  ZUserProfileSchema,
} from './account';
import { endpoint, USER } from './endpoint';

/** The signed-in user's own profile (spec §3 Profile, §7 Profile and organisations). */
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
  /** Only the caller's own picture; the gateway serves it as an image at /media/profile-picture/{user_id}. */
  picture: endpoint({
    method: 'GET',
    path: '/profile-picture/:user_id',
    access: USER,
    params: z.object({ user_id: ZIdSchema('User id') }),
    response: ZProfilePictureSchema,
  }),
} as const;
