import { hasModuleAccess, MODULES, type TModule, type TPermission } from '@feedloom/validation';

/** 'store_management_manage' → { module: 'store_management', level: 'manage' }. */
export function parsePermission(permission: TPermission): { module: TModule; level: 'read' | 'manage' } {
  const module = MODULES.find((m) => permission === m || permission === `${m}_manage`);
  if (!module) throw new Error(`Unknown permission ${permission}`);
  return { module, level: permission === module ? 'read' : 'manage' };
}

export function hasPermission(permissions: readonly string[], permission: TPermission | undefined): boolean {
  if (!permission) return true;
  const { module, level } = parsePermission(permission);
  return hasModuleAccess(permissions, module, level);
}
