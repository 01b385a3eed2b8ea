import { FILTER_OPERATORS, type TFilterCondition } from '@feedloom/validation';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { compileCondition, compileFilter, escapeLike } from './filters';

const dialect = new PgDialect();
const render = (c: Partial<TFilterCondition> & Pick<TFilterCondition, 'field_name' | 'operator'>) =>
  dialect.sqlToQuery(compileCondition({ value: undefined, unit: null, ...c }));

describe('filter compilation', () => {
  it('binds every value and field name as a parameter, never as SQL text', () => {
    const q = render({ field_name: 'brand', operator: 'equals', value: "x'); drop table products; --" });
    expect(q.sql).not.toContain('drop table');
    expect(q.params).toContain("x'); drop table products; --");
    expect(q.params).toContain('brand');
  });

  it('reads the override layer first, then the source (a JSON null override empties the field)', () => {
    const q = render({ field_name: 'title', operator: 'has_value' });
    expect(q.sql).toContain(`coalesce(p.custom -> 'overrides' -> $1::text, p.source -> $2::text)`);
    expect(q.sql).toContain(`<> ''`);
  });

  const text: [string, RegExp, unknown[]][] = [
    ['equals', /lower\(.*\) = lower\(\$\d+::text\)/, ['Ac%me']],
    ['not_equals', /lower\(coalesce\(.*, ''\)\) <> lower\(\$\d+::text\)/, ['Ac%me']],
    ['contains', / ilike \$\d+::text/, ['%Ac\\%me%']],
    ['does_not_contain', /coalesce\(.*, ''\) not ilike \$\d+::text/, ['%Ac\\%me%']],
    ['starts_with', / ilike \$\d+::text/, ['Ac\\%me%']],
    ['does_not_start_with', / not ilike \$\d+::text/, ['Ac\\%me%']],
    ['ends_with', / ilike \$\d+::text/, ['%Ac\\%me']],
    ['does_not_end_with', / not ilike \$\d+::text/, ['%Ac\\%me']],
    ['has_value', /coalesce\(.*, ''\) <> ''/, []],
    ['has_no_value', /coalesce\(.*, ''\) = ''/, []],
  ];
  it.each(text)('text %s', (operator, shape, params) => {
    const q = render({
      field_name: 'brand',
      operator,
      value: operator.startsWith('has') ? undefined : 'Ac%me',
    });
    expect(q.sql).toMatch(shape);
    for (const p of params) expect(q.params).toContain(p);
  });
  it('covers every text operator', () => {
    expect(text.map(([op]) => op).sort()).toEqual([...FILTER_OPERATORS.text].sort());
  });

  const numbers: [string, string][] = [
    ['equals', '='],
    ['greater_than', '>'],
    ['less_than', '<'],
    ['greater_than_or_equal', '>='],
    ['less_than_or_equal', '<='],
  ];
  it.each(numbers)('number %s compares the amount (a price object or a plain number)', (operator, cmp) => {
    const q = render({ field_name: 'price', operator, value: '12.5' });
    expect(q.sql).toContain(`when 'object' then case when jsonb_typeof(`);
    expect(q.sql).toContain(` ${cmp} $`);
    expect(q.sql).toMatch(/::numeric$/);
    expect(q.params).toContain('12.5');
  });
  it('number has_value', () => {
    expect(render({ field_name: 'inventory_qty', operator: 'has_value' }).sql).toMatch(/ is not null$/);
    expect([...FILTER_OPERATORS.number].sort()).toEqual([...numbers.map(([o]) => o), 'has_value'].sort());
  });

  it('list equals / not_equals, several values', () => {
    const eq = render({ field_name: 'availability', operator: 'equals', value: ['in_stock', 'preorder'] });
    expect(eq.sql).toMatch(/ = lower\(\$\d+::text\) or .* = lower\(\$\d+::text\)/);
    const ne = render({ field_name: 'gender', operator: 'not_equals', value: ['male', 'female'] });
    expect(ne.sql).toMatch(/ <> lower\(\$\d+::text\) and .* <> lower\(\$\d+::text\)/);
    expect(render({ field_name: 'adult', operator: 'equals', value: true }).params).toContain('true');
  });

  it('multi-select equals any of / does not equal any of, over lists and single values', () => {
    const any = render({ field_name: 'tags', operator: 'equals_any_of', value: ['a', 'b'] });
    expect(any.sql).toMatch(/^exists \(select 1 from jsonb_array_elements_text\(case jsonb_typeof/);
    expect(any.sql).toContain(`when 'string' then jsonb_build_array(`);
    expect(any.params).toEqual(expect.arrayContaining(['a', 'b']));
    const none = render({ field_name: 'size_type', operator: 'does_not_equal_any_of', value: ['plus'] });
    expect(none.sql).toMatch(/^not exists/);
  });

  it('input list (a measure) compares the value in the given unit', () => {
    for (const operator of FILTER_OPERATORS.input_list) {
      const q = render({ field_name: 'product_weight', operator, value: '2', unit: 'kg' });
      if (operator === 'has_value') expect(q.sql).toMatch(/^jsonb_typeof\(.*\) = 'object'$/);
      else if (operator === 'has_no_value') expect(q.sql).toMatch(/^not coalesce\(jsonb_typeof/);
      else {
        expect(q.sql).toContain(`->> 'unit') = lower($`);
        expect(q.params).toEqual(expect.arrayContaining(['kg', '2']));
      }
    }
    expect(render({ field_name: 'product_weight', operator: 'equals', value: '2' }).sql).toBe('false');
  });

  it('reads item group and data source name from their columns', () => {
    expect(render({ field_name: 'item_group_id', operator: 'has_value' }).sql).toContain(
      'to_jsonb(p.item_group_id)',
    );
    expect(render({ field_name: 'data_source_name', operator: 'equals', value: 'x' }).sql).toContain(
      'from data_sources d where d.id = p.data_source_id',
    );
  });

  it('matches nothing for an unknown field or an operator of another type', () => {
    expect(render({ field_name: 'constructor', operator: 'equals', value: 'x' }).sql).toBe('false');
    expect(render({ field_name: 'price', operator: 'contains', value: '1' }).sql).toBe('false');
  });

  it('joins conditions of a row with and, rows with or', () => {
    const c = (v: string) => ({ field_name: 'brand', operator: 'equals', value: v, unit: null });
    expect(compileFilter([])).toBeUndefined();
    const q = dialect.sqlToQuery(compileFilter([{ row: [c('a'), c('b')] }, { row: [c('c')] }])!);
    expect(q.sql).toMatch(/^\(\(.* and .*\) or .*\)$/);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
