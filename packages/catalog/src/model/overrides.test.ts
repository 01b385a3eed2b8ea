import {
  parseAdvanceFilter,
  PRODUCT_MSG,
  ZCustomisationRuleSchema,
  ZFilterConditionSchema,
  ZProductAttributesSchema,
  ZProductEditSchema,
} from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import type { TLayerValues } from './fields';
import { validateOverrides } from './overrides';

// "Product content and attributes" as validation of overrides, with the spec's messages. Each rule has
// a passing case and a failing case with the message the merchant sees.

const messages = (overrides: TLayerValues): string[] => validateOverrides(overrides).map((i) => i.message);
const ok = (overrides: TLayerValues) => expect(validateOverrides(overrides)).toEqual([]);
const fails = (overrides: TLayerValues, message: string, attribute?: string) => {
  const issues = validateOverrides(overrides);
  expect(issues.map((i) => i.message)).toContain(message);
  const issue = issues.find((i) => i.message === message);
  expect(issue).toMatchObject({ code: 'invalid_override', severity: 'error', layer: 'override' });
  if (attribute) expect(issue?.attribute).toBe(attribute);
};

describe('override rules', () => {
  it('title and description: cannot be emptied (spec messages)', () => {
    ok({ title: 'New title', description: 'New description' });
    fails({ title: '' }, 'Title is required.', 'title');
    fails({ title: null }, 'Title is required.', 'title');
    fails({ description: '  ' }, 'Description is required.', 'description');
  });

  it('highlights: at most 150 each, at least 2 combined with AI highlights', () => {
    ok({ highlights: ['One', 'Two'] });
    ok({ highlights: ['One'], ai_highlights: ['Two'] });
    ok({ highlights: [] });
    fails({ highlights: ['Only one'] }, 'At least 2 highlights are required (combined).', 'highlights');
    fails({ highlights: ['x'.repeat(151), 'y'] }, PRODUCT_MSG.highlightMax);
  });

  it('detail sections: lengths, and name and value together', () => {
    ok({ detail: [{ section_name: 'Care', attribute_name: 'Wash', attribute_value: '30°C' }] });
    fails(
      { detail: [{ section_name: 'x'.repeat(141), attribute_name: 'a', attribute_value: 'b' }] },
      PRODUCT_MSG.sectionNameLength,
    );
    fails(
      { detail: [{ section_name: 'S', attribute_name: 'x'.repeat(141), attribute_value: 'b' }] },
      PRODUCT_MSG.attributeNameLength,
    );
    fails(
      { detail: [{ section_name: 'S', attribute_name: 'a', attribute_value: 'x'.repeat(1001) }] },
      PRODUCT_MSG.attributeValueLength,
    );
    fails(
      { detail: [{ section_name: 'S', attribute_name: '', attribute_value: 'b' }] },
      PRODUCT_MSG.attributeNameRequired,
    );
    fails(
      { ai_detail: [{ section_name: 'S', attribute_name: 'a', attribute_value: '' }] },
      PRODUCT_MSG.attributeValueRequired,
    );
  });

  it('dimensions: value and unit together, ranges per unit', () => {
    ok({
      product_length: { value: 3000, unit: 'cm' },
      product_weight: { value: 1000, unit: 'kg' },
      shipping_height: { value: 150, unit: 'in' },
    });
    fails({ product_length: { value: 0, unit: 'cm' } }, PRODUCT_MSG.range('Product length', 1, 3000, 'cm'));
    fails({ product_width: { value: 10, unit: 'mm' } }, PRODUCT_MSG.dimensionUnit);
    fails(
      { product_weight: { value: 1001, unit: 'kg' } },
      PRODUCT_MSG.range('Product weight', 0, 1000, 'kg'),
    );
    fails(
      { product_weight: { value: 2001, unit: 'lb' } },
      PRODUCT_MSG.range('Product weight', 0, 2000, 'lb'),
    );
    fails(
      { shipping_length: { value: 401, unit: 'cm' } },
      PRODUCT_MSG.range('Shipping length', 1, 400, 'cm'),
    );
    fails({ shipping_width: { value: 151, unit: 'in' } }, PRODUCT_MSG.range('Shipping width', 1, 150, 'in'));
    fails({ shipping_weight: { value: 5, unit: 'stone' } }, PRODUCT_MSG.weightUnit);
    // a value without its unit is caught by the form schema (the model always pairs them)
    expect(
      ZProductAttributesSchema.safeParse({ product_height: { value: 4 } }).error?.issues[0]?.message,
    ).toBe(PRODUCT_MSG.valueAndUnit);
    expect(ZProductAttributesSchema.safeParse({ product_height: { value: '', unit: '' } }).success).toBe(
      true,
    );
  });

  it('unit pricing: both measures, matching units, positive value, allowed base values', () => {
    ok({
      unit_pricing_measure: { value: 750, unit: 'ml' },
      unit_pricing_base_measure: { value: 1, unit: 'l' },
    });
    ok({
      unit_pricing_measure: { value: 1.5, unit: 'kg' },
      unit_pricing_base_measure: { value: 1000, unit: 'kg' },
    });
    fails({ unit_pricing_measure: { value: 750, unit: 'ml' } }, PRODUCT_MSG.unitPricingPair);
    fails(
      { unit_pricing_measure: { value: 1, unit: 'kg' }, unit_pricing_base_measure: { value: 1, unit: 'l' } },
      PRODUCT_MSG.unitPricingMismatch,
    );
    fails(
      { unit_pricing_measure: { value: 0, unit: 'kg' }, unit_pricing_base_measure: { value: 1, unit: 'kg' } },
      PRODUCT_MSG.unitPricingPositive,
    );
    fails(
      { unit_pricing_measure: { value: 1, unit: 'kg' }, unit_pricing_base_measure: { value: 3, unit: 'kg' } },
      PRODUCT_MSG.basePricingValue,
    );
    fails(
      {
        unit_pricing_measure: { value: 1, unit: 'stone' },
        unit_pricing_base_measure: { value: 1, unit: 'kg' },
      },
      PRODUCT_MSG.unitPricingUnit,
    );
  });

  it('certifications: name and authority once any field is filled', () => {
    ok({
      certifications: [
        {
          certification_authority: 'European_Commission',
          certification_name: 'EPREL',
          certification_code: '1',
        },
      ],
    });
    fails(
      {
        certifications: [{ certification_authority: '', certification_name: '', certification_code: '123' }],
      },
      PRODUCT_MSG.certificationNameRequired,
    );
    fails(
      { certifications: [{ certification_authority: '', certification_name: 'EPREL' }] },
      PRODUCT_MSG.certificationAuthorityRequired,
    );
    fails(
      { certifications: [{ certification_authority: 'EC', certification_name: 'EPREL' }] },
      PRODUCT_MSG.certificationAuthority,
    );
    // trimmed before checking
    expect(
      ZProductAttributesSchema.parse({
        certifications: [{ certification_authority: ' ADEME ', certification_name: 'EPREL ' }],
      }).certifications?.[0],
    ).toMatchObject({ certification_authority: 'ADEME', certification_name: 'EPREL' });
  });

  it('multipack, GTIN lengths, numbers below the integer limit', () => {
    ok({ multipack: 1000, gtin: '12345678' });
    fails({ multipack: 0 }, PRODUCT_MSG.multipack);
    fails({ multipack: 1001 }, PRODUCT_MSG.multipack);
    fails({ gtin: '1234567' }, PRODUCT_MSG.gtinLength);
    fails({ gtin: '12345abc' }, PRODUCT_MSG.gtinDigits);
    fails({ inventory_qty: 2_147_483_647 }, PRODUCT_MSG.numberTooLarge);
    ok({ inventory_qty: 2_147_483_646 });
  });

  it('lengths and labels without leading or trailing spaces', () => {
    ok({
      size: 'x'.repeat(100),
      color: 'Red/Green',
      material: 'x'.repeat(200),
      custom_label0: 'sale',
      sku: 'x'.repeat(70),
    });
    fails({ size: 'x'.repeat(101) }, PRODUCT_MSG.sizeMax);
    fails({ color: `${'x'.repeat(41)}/Red` }, PRODUCT_MSG.colorSegmentMax);
    fails({ color: 'x'.repeat(101) }, PRODUCT_MSG.colorMax);
    fails({ material: 'x'.repeat(201) }, PRODUCT_MSG.materialMax);
    fails({ pattern: 'x'.repeat(201) }, PRODUCT_MSG.patternMax);
    fails({ custom_label2: 'x'.repeat(101) }, PRODUCT_MSG.customLabelMax);
    fails({ custom_label4: ' sale' }, PRODUCT_MSG.labelSpaces);
    fails({ shipping_label: 'ground ' }, PRODUCT_MSG.labelSpaces);
    fails({ return_policy_label: 'x'.repeat(71) }, PRODUCT_MSG.returnPolicyLabelMax);
    fails({ return_address_label: 'x'.repeat(71) }, PRODUCT_MSG.returnAddressLabelMax);
    fails({ sku: 'x'.repeat(71) }, PRODUCT_MSG.skuMax);
    fails({ tax_category: 'x'.repeat(71) }, PRODUCT_MSG.taxCategoryMax);
    fails({ product_type: 'a,b,c,d,e,f,g' }, PRODUCT_MSG.productTypeCommas);
    fails({ product_type: 'x'.repeat(751) }, PRODUCT_MSG.productTypeMax);
  });

  it('enumerations', () => {
    ok({
      gender: 'unisex',
      condition: 'used',
      age_group: 'toddler',
      size_system: 'MEX',
      size_type: ['petite', 'tall'],
      availability: 'backorder',
      pause: 'all',
    });
    expect(messages({ gender: 'men' })[0]).toMatch(/^Gender must be one of: male, female, unisex\.$/);
    expect(messages({ size_type: ['petite', 'tall', 'plus'] })).toContain(PRODUCT_MSG.sizeTypesMax);
    expect(messages({ availability: 'in stock' })[0]).toMatch(/Availability must be one of/);
  });

  it('the full edit form requires title and description unless the product is excluded', () => {
    const issues = ZProductEditSchema.safeParse({}).error?.issues.map((i) => i.message);
    expect(issues).toEqual([PRODUCT_MSG.titleRequired, PRODUCT_MSG.descriptionRequired]);
    expect(ZProductEditSchema.safeParse({ is_excluded: true }).success).toBe(true);
  });
});

describe('filters and customisation rules', () => {
  const condition = (c: Record<string, unknown>) =>
    ZFilterConditionSchema.safeParse(c).error?.issues.map((i) => i.message) ?? [];

  it('a row needs field, operator and value (not for has value)', () => {
    expect(condition({ field_name: 'brand', operator: 'equals', value: 'Acme' })).toEqual([]);
    expect(condition({ field_name: 'brand', operator: 'has_no_value' })).toEqual([]);
    expect(condition({ field_name: 'brand', operator: 'equals', value: '' })).toEqual([
      PRODUCT_MSG.valueRequired,
    ]);
    expect(condition({ field_name: '', operator: 'equals', value: 'x' })).toContain(
      PRODUCT_MSG.fieldRequired,
    );
    expect(condition({ field_name: 'brand', operator: 'greater_than', value: 'x' })).toEqual([
      PRODUCT_MSG.operatorInvalid,
    ]);
  });

  it('numbers are positive, without exponent notation', () => {
    expect(condition({ field_name: 'price', operator: 'greater_than', value: '12.5' })).toEqual([]);
    expect(condition({ field_name: 'price', operator: 'greater_than', value: '1e3' })).toEqual([
      PRODUCT_MSG.positiveNumber,
    ]);
    expect(condition({ field_name: 'price', operator: 'less_than', value: '-2' })).toEqual([
      PRODUCT_MSG.positiveNumber,
    ]);
  });

  it('input-and-list fields need a unit unless the operator is has value / has no value', () => {
    expect(
      condition({ field_name: 'product_weight', operator: 'greater_than', value: '2', unit: 'kg' }),
    ).toEqual([]);
    expect(condition({ field_name: 'product_weight', operator: 'greater_than', value: '2' })).toEqual([
      PRODUCT_MSG.unitRequired,
    ]);
    expect(condition({ field_name: 'product_weight', operator: 'has_value' })).toEqual([]);
  });

  it('text limits: 70, 100, product type 750 with 5 commas, GTIN lengths', () => {
    expect(condition({ field_name: 'sku', operator: 'contains', value: 'x'.repeat(70) })).toEqual([]);
    expect(condition({ field_name: 'sku', operator: 'contains', value: 'x'.repeat(71) })).toEqual([
      PRODUCT_MSG.filterTextMax,
    ]);
    expect(condition({ field_name: 'custom_label1', operator: 'equals', value: 'x'.repeat(101) })).toEqual([
      PRODUCT_MSG.filterLabelMax,
    ]);
    expect(condition({ field_name: 'product_type', operator: 'equals', value: 'a,b,c,d,e,f,g' })).toEqual([
      PRODUCT_MSG.productTypeCommas,
    ]);
    expect(condition({ field_name: 'gtin', operator: 'equals', value: '12345678' })).toEqual([]);
    expect(condition({ field_name: 'gtin', operator: 'equals', value: '1234567' })).toEqual([
      PRODUCT_MSG.gtinLength,
    ]);
  });

  it('advance_filter: invalid JSON ignored, only complete entries kept', () => {
    expect(parseAdvanceFilter('{not json')).toEqual([]);
    const json = JSON.stringify([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'Acme', unit: null }] },
      { row: [{ field_name: 'brand', operator: 'equals' }] },
      { nope: true },
    ]);
    expect(parseAdvanceFilter(json)).toEqual([
      { row: [{ field_name: 'brand', operator: 'equals', value: 'Acme', unit: null }] },
    ]);
  });

  it('customisation rules: a value in add/update mode, a unit for input-and-list fields, a control, a resubmit list', () => {
    const rule = (r: Record<string, unknown>) =>
      ZCustomisationRuleSchema.safeParse(r).error?.issues.map((i) => i.message) ?? [];
    expect(rule({ field_name: 'brand', isDeleteExistValue: 'add_update_value', value: 'Acme' })).toEqual([]);
    expect(rule({ field_name: 'brand', isDeleteExistValue: 'add_update_value', value: '' })).toEqual([
      PRODUCT_MSG.valueRequired,
    ]);
    expect(rule({ field_name: 'brand', isDeleteExistValue: 'delete_entirely' })).toEqual([]);
    expect(rule({ field_name: 'product_weight', isDeleteExistValue: 'add_update_value', value: 2 })).toEqual([
      PRODUCT_MSG.unitRequired,
    ]);
    expect(
      rule({
        field_name: 'product_submission_control',
        type: 'radio',
        isDeleteExistValue: 'add_update_value',
        value: { control1: false },
      }),
    ).toEqual([PRODUCT_MSG.controlRequired]);
    expect(
      rule({
        field_name: 'product_submission_control',
        type: 'radio',
        isDeleteExistValue: 'add_update_value',
        value: { control2: true },
      }),
    ).toEqual([]);
    expect(rule({ field_name: 'resubmit', isDeleteExistValue: 'add_update_value', value: [] })).toEqual([
      PRODUCT_MSG.resubmitList,
    ]);
    expect(
      rule({ field_name: 'resubmit', isDeleteExistValue: 'add_update_value', value: ['title'] }),
    ).toEqual([]);
  });
});

describe('applying a product edit', () => {
  it('stores custom title, prices, measures and lists as overrides; refuses an invalid edit', async () => {
    const { applyProductEdit } = await import('./overrides');
    const { effective, fieldOf } = await import('./product');
    const { product, validSource } = await import('../../test/fixtures');
    const p = product(validSource());
    const r = applyProductEdit(p, {
      custom_title: 'Better title',
      sale_price: 19.5,
      product_weight: { value: 1.2, unit: 'kg' },
      product_length: { value: '', unit: '' },
      certifications: [
        {
          certification_authority: 'ADEME',
          certification_name: 'EPREL',
          certification_code: '',
          certification_value: '',
        },
        {},
      ],
      detail: [
        { section_name: 'General', attribute_name: 'Material', attribute_value: 'Steel' },
        { section_name: '', attribute_name: '', attribute_value: '' },
      ],
      resubmit: ['title'],
    });
    expect(r.issues).toEqual([]);
    expect(r.resubmit).toEqual(['title']);
    const eff = effective(r.product);
    expect(fieldOf(eff, 'title')).toEqual({ value: 'Better title', layer: 'override' });
    expect(eff.values.sale_price).toEqual({ value: 19.5, currency: 'USD' });
    expect(eff.values.product_weight).toEqual({ value: 1.2, unit: 'kg' });
    expect(eff.layers.product_length).toBe('override');
    expect(eff.values.product_length).toBeUndefined();
    expect(eff.values.certifications).toEqual([
      { certification_authority: 'ADEME', certification_name: 'EPREL' },
    ]);
    expect(eff.values.detail).toEqual([
      { section_name: 'General', attribute_name: 'Material', attribute_value: 'Steel' },
    ]);

    const refused = applyProductEdit(r.product, { custom_title: '', highlights: ['one'] });
    expect(refused.product).toBe(r.product);
    expect(refused.issues.map((i) => [i.attribute, i.message])).toEqual([
      ['title', 'Title is required.'],
      ['highlights', 'At least 2 highlights are required (combined).'],
    ]);
  });

  it('reset_to_source and reset bring source values back', async () => {
    const { applyProductEdit } = await import('./overrides');
    const { effective } = await import('./product');
    const { product, validSource } = await import('../../test/fixtures');
    let p = applyProductEdit(product(validSource()), { custom_title: 'X', color: 'Red' }).product;
    p = applyProductEdit(p, { reset_to_source: ['title'] }).product;
    expect(effective(p).values).toMatchObject({ title: 'Acme Kettle 1.7 L', color: 'Red' });
    p = applyProductEdit(p, { reset: true }).product;
    expect(effective(p).values.color).toBeUndefined();
  });
});
