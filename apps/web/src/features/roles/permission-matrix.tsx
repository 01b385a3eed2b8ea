import { MODULE_LABELS, MODULES, type TModule } from '@feedloom/validation';
import { cn } from '@/lib/utils';

export type ModuleLevel = 'none' | 'read' | 'manage';

const LEVELS: readonly { level: ModuleLevel; label: string }[] = [
  { level: 'none', label: 'No access' },
  { level: 'read', label: 'Read' },
  { level: 'manage', label: 'Manage' },
];

/** The level a permission list gives a module: manage implies read. */
export function levelOf(permissions: readonly string[], module: TModule): ModuleLevel {
  if (permissions.includes(`${module}_manage`)) return 'manage';
  return permissions.includes(module) ? 'read' : 'none';
}

/** The permission list with one module set to a level (manage also grants read). */
export function withLevel(permissions: readonly string[], module: TModule, level: ModuleLevel): string[] {
  const others = permissions.filter((p) => p !== module && p !== `${module}_manage`);
  if (level === 'none') return others;
  return level === 'manage' ? [...others, module, `${module}_manage`] : [...others, module];
}

/**
 * The module permissions of a role as a matrix: one row per module, No access / Read / Manage as a radio
 * group (arrow keys move within a row). Read-only, it shows the levels without inputs.
 */
export function PermissionMatrix({
  value,
  onChange,
  readOnly = false,
  invalid = false,
  idPrefix,
}: {
  value: readonly string[];
  onChange?: (permissions: string[]) => void;
  readOnly?: boolean;
  invalid?: boolean;
  /** Keeps the radio names of two matrices on one page apart. */
  idPrefix: string;
}) {
  return (
    <table
      className={cn('w-full text-sm', invalid && 'rounded-md ring-1 ring-destructive')}
      aria-label="Module permissions"
    >
      <thead>
        <tr className="border-b border-border text-left text-muted-foreground">
          <th scope="col" className="py-2 pr-4 font-medium">
            Module
          </th>
          {LEVELS.map(({ label }) => (
            <th key={label} scope="col" className="px-2 py-2 text-center font-medium">
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {MODULES.map((module) => {
          const current = levelOf(value, module);
          return (
            <tr key={module} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-4 text-left font-normal">
                {MODULE_LABELS[module]}
              </th>
              {LEVELS.map(({ level, label }) => (
                <td key={level} className="px-2 py-2 text-center">
                  {readOnly ? (
                    <span aria-label={`${MODULE_LABELS[module]}: ${label}`}>
                      {current === level ? '●' : <span className="text-muted-foreground">–</span>}
                    </span>
                  ) : (
                    <input
                      type="radio"
                      className="size-4 accent-primary"
                      name={`${idPrefix}-${module}`}
                      aria-label={`${MODULE_LABELS[module]}: ${label}`}
                      checked={current === level}
                      onChange={() => onChange?.(withLevel(value, module, level))}
                    />
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
