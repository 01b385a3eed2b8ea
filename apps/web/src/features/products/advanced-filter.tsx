import { parseAdvanceFilter, ZFilterConditionSchema } from '@feedloom/validation';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import type { FilterOptionData } from './use-products';

interface Condition {
  field_name: string;
  operator: string;
  value: string;
  unit: string;
}
type Field = FilterOptionData['fields'][number];

const NO_VALUE = new Set(['has_value', 'has_no_value']);
const blank = (): Condition => ({ field_name: '', operator: '', value: '', unit: '' });
const label = (op: string) => op.replace(/_/g, ' ');

function rowsOf(json: string | undefined): Condition[][] {
  const rows = parseAdvanceFilter(json).map((r) =>
    r.row.map((c) => ({
      field_name: c.field_name,
      operator: c.operator,
      value: Array.isArray(c.value) ? c.value.join(', ') : c.value === undefined ? '' : String(c.value),
      unit: c.unit ?? '',
    })),
  );
  return rows.length ? rows : [[blank()]];
}

/** The value as sent: multi-select values split on commas, others as typed. */
function toCondition(c: Condition, field: Field | undefined) {
  const value = NO_VALUE.has(c.operator)
    ? ''
    : field?.type === 'multi_select'
      ? c.value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : c.value.trim();
  return { field_name: c.field_name, operator: c.operator, value, unit: c.unit || null };
}

/**
 * "Filters": rows of conditions (all conditions of a row must hold; any row may match). Operators
 * follow the field's type; rows are checked with the spec's messages before they reach the address.
 */
export function AdvancedFilter({
  shopId,
  value,
  onApply,
}: {
  shopId: string;
  value: string | undefined;
  onApply: (json: string | undefined) => void;
}) {
  const options = trpc.products.filterOptions.useQuery({ shop_id: shopId }, { staleTime: Infinity });
  const [rows, setRows] = useState<Condition[][]>(() => rowsOf(value));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fields = options.data?.fields ?? [];
  const fieldOf = (name: string) => fields.find((f) => f.field_name === name);

  const update = (r: number, c: number, patch: Partial<Condition>) =>
    setRows((prev) =>
      prev.map((row, i) => (i === r ? row.map((x, j) => (j === c ? { ...x, ...patch } : x)) : row)),
    );
  const remove = (r: number, c: number) =>
    setRows((prev) => {
      const next = prev
        .map((row, i) => (i === r ? row.filter((_, j) => j !== c) : row))
        .filter((row) => row.length);
      return next.length ? next : [[blank()]];
    });

  const apply = () => {
    const found: Record<string, string> = {};
    const out = rows.map((row, r) =>
      row.map((c, i) => {
        const cond = toCondition(c, fieldOf(c.field_name));
        const parsed = ZFilterConditionSchema.safeParse(cond);
        if (!parsed.success) found[`${r}-${i}`] = parsed.error.issues[0]?.message ?? 'Check this condition.';
        return cond;
      }),
    );
    setErrors(found);
    if (Object.keys(found).length) return;
    onApply(JSON.stringify(out.map((row) => ({ row }))));
  };
  const clear = () => {
    setRows([[blank()]]);
    setErrors({});
    onApply(undefined);
  };

  if (options.isError) return <Card className="p-4 text-sm">The filter fields could not be loaded.</Card>;
  return (
    <Card className="grid gap-3 p-4" role="group" aria-label="Advanced filter">
      {rows.map((row, r) => (
        <div key={r} className="grid gap-2">
          {r > 0 ? <p className="text-xs font-medium text-muted-foreground uppercase">or</p> : null}
          {row.map((c, i) => {
            const field = fieldOf(c.field_name);
            const error = errors[`${r}-${i}`];
            const n = `Row ${r + 1} condition ${i + 1}`;
            return (
              <div key={i} className="grid gap-1">
                <div className="flex flex-wrap items-center gap-2">
                  {i > 0 ? <span className="text-xs text-muted-foreground">and</span> : null}
                  <NativeSelect
                    aria-label={`${n} field`}
                    value={c.field_name}
                    onChange={(e) =>
                      update(r, i, { field_name: e.target.value, operator: '', value: '', unit: '' })
                    }
                  >
                    <option value="">Field…</option>
                    {fields.map((f) => (
                      <option key={f.field_name} value={f.field_name}>
                        {f.label}
                      </option>
                    ))}
                  </NativeSelect>
                  <NativeSelect
                    aria-label={`${n} operator`}
                    value={c.operator}
                    disabled={!field}
                    onChange={(e) => update(r, i, { operator: e.target.value })}
                  >
                    <option value="">Operator…</option>
                    {field?.operators.map((op) => (
                      <option key={op} value={op}>
                        {label(op)}
                      </option>
                    ))}
                  </NativeSelect>
                  {NO_VALUE.has(c.operator) ? null : field?.options ? (
                    <NativeSelect
                      aria-label={`${n} value`}
                      value={c.value}
                      onChange={(e) => update(r, i, { value: e.target.value })}
                    >
                      <option value="">Value…</option>
                      {field.options.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : (
                    <Input
                      aria-label={`${n} value`}
                      className="w-48"
                      value={c.value}
                      placeholder={field?.type === 'multi_select' ? 'a, b, c' : 'Value'}
                      onChange={(e) => update(r, i, { value: e.target.value })}
                    />
                  )}
                  {field?.units && !NO_VALUE.has(c.operator) ? (
                    <NativeSelect
                      aria-label={`${n} unit`}
                      value={c.unit}
                      onChange={(e) => update(r, i, { unit: e.target.value })}
                    >
                      <option value="">Unit…</option>
                      {field.units.map((u) => (
                        <option key={u} value={u}>
                          {u}
                        </option>
                      ))}
                    </NativeSelect>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Remove ${n.toLowerCase()}`}
                    onClick={() => remove(r, i)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                {error ? (
                  <p role="alert" className="text-xs text-destructive">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
          <div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRows((prev) => prev.map((row, i) => (i === r ? [...row, blank()] : row)))}
            >
              <Plus aria-hidden="true" />
              And
            </Button>
          </div>
        </div>
      ))}
      <div className="flex flex-wrap gap-2 border-t border-border pt-3">
        <Button variant="outline" size="sm" onClick={() => setRows((prev) => [...prev, [blank()]])}>
          <Plus aria-hidden="true" />
          Or (new row)
        </Button>
        <Button size="sm" onClick={apply}>
          Apply filter
        </Button>
        <Button variant="ghost" size="sm" onClick={clear}>
          Clear filter
        </Button>
      </div>
    </Card>
  );
}
