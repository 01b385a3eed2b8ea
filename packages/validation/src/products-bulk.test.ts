import { describe, expect, it } from 'vitest';
import { BULK_MSG, bulkEditOf, ZBulkRulesSchema, type TCustomisationRule } from './index';

const rule = (r: Partial<TCustomisationRule> & { field_name: string }): TCustomisationRule => ({
  isDeleteExistValue: 'add_update_value',
  ...r,
});

describe('bulk customisation submit rules', () => {
  it('collects reset_to_source fields, clears both unit pricing measures on delete_entirely, merges radios', () => {
    const edit = bulkEditOf([
      rule({ field_name: 'brand', isDeleteExistValue: 'reset_to_source' }),
      rule({ field_name: 'color', isDeleteExistValue: 'reset_to_source' }),
      rule({ field_name: 'unit_pricing_base_measure', isDeleteExistValue: 'delete_entirely' }),
      rule({ field_name: 'product_submission_control', value: { control1: true }, type: 'radio' }),
      rule({ field_name: 'size_type', value: 'petite, plus', type: 'multi_select' }),
      rule({ field_name: 'adult', value: 'true', type: 'list' }),
      rule({ field_name: 'shipping_weight', value: '2', unit: 'kg', type: 'input_list' }),
    ]);
    expect(edit.reset).toEqual(['brand', 'color']);
    expect(edit.remove.sort()).toEqual(['unit_pricing_base_measure', 'unit_pricing_measure']);
    expect(edit.edit).toEqual({
      product_submission_control: { control1: true },
      size_type: ['petite', 'plus'],
      adult: true,
      shipping_weight: { value: '2', unit: 'kg' },
    });
  });

  it('keeps a single-action field alone and each field once', () => {
    const single = ZBulkRulesSchema.safeParse([
      rule({ field_name: 'pause', value: 'all' }),
      rule({ field_name: 'brand', value: 'Acme' }),
    ]);
    expect(single.error?.issues[0]?.message).toBe(BULK_MSG.singleAction);
    const twice = ZBulkRulesSchema.safeParse([
      rule({ field_name: 'brand', value: 'A' }),
      rule({ field_name: 'brand', value: 'B' }),
    ]);
    expect(twice.error?.issues[0]?.message).toBe('Each field can be chosen once.');
    expect(ZBulkRulesSchema.safeParse([rule({ field_name: 'brand', value: 'Acme' })]).success).toBe(true);
  });
});
