// No zod here: the web's route guards import this on its first screen (see constants.ts).

/** Module names; '_manage' grants write access, the plain name read access. */
export const MODULES = [
  'product_and_promotions_feed',
  'store_management',
  'data_source_management',
  'user_management',
] as const;
export type TModule = (typeof MODULES)[number];
export const PERMISSIONS = MODULES.flatMap((m) => [m, `${m}_manage`] as const);
export type TPermission = TModule | `${TModule}_manage`;

export type TAccessLevel = 'read' | 'manage';

/** True when a permission list grants `level` on `module` (manage implies read). */
export const hasModuleAccess = (
  permissions: readonly string[],
  module: TModule,
  level: TAccessLevel,
): boolean => permissions.includes(`${module}_manage`) || (level === 'read' && permissions.includes(module));
