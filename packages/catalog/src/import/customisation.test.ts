import { PRODUCT_MSG } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import type { TLayerValues } from '../model/fields';
import type { TProduct } from '../model/product';
import type { TCustomisationResult, TCustomisationRow, TCustomisationType } from './customisation';
import {
  applyCustomisationRow,
  CUSTOMISATION_TYPES,
  customisationHeaders,
  exportCustomisationCsv,
  importCustomisationCsv,
} from './customisation';
import { MSG } from './core';
import { bytesOfText } from './pipeline';

// Customisation types 1 and 2: exported, edited in a spreadsheet, imported back through import-update-csv
// (report_type 1 or 2) as override values, applied as the smallest set of overrides.

const detail = (section: string, name: string, value: string) => ({
  section_name: section,
  attribute_name: name,
  attribute_value: value,
});

const catalogue = (): TProduct[] => [
  {
    id: 'KETTLE',
    offer_id: 'KETTLE',
    source: {
      title: 'Acme Kettle',
      description: 'Boils water.',
      product_type: 'Home > Kitchen',
      highlights: ['Fast', 'Quiet'],
    },
    overrides: {
      title: 'Acme Kettle 1.7 L, "Steel" edition',
      product_type: null,
      highlights: ['Boils 1.7 l in 3 minutes', 'Auto shut-off, dry-boil protection'],
      detail: [detail('General', 'Capacity', '1.7 l'), detail('Power', 'Watts', '2200: fast')],
    },
    rules: {},
    variants: [],
  },
  {
    id: 'TEE',
    offer_id: 'TEE',
    item_group_id: 'TEE',
    source: {
      title: 'Tee',
      description: 'Cotton tee.\nTwo lines.',
      detail: [detail('General', 'Fabric', 'Cotton')],
    },
    overrides: { description: 'Organic cotton tee.' },
    rules: { title: 'Rule title (never exported)' },
    variants: [
      {
        id: 'TEE-S',
        offer_id: 'TEE-S',
        source: { size: 'S' },
        overrides: {
          title: '=Tee S (looks like a formula)',
          highlights: ['-20% this week', '@home comfort'],
        },
        rules: {},
      },
      { id: 'TEE-M', offer_id: 'TEE-M', source: { size: 'M' }, overrides: {}, rules: {} },
    ],
  },
  {
    id: 'MUG',
    offer_id: 'MUG',
    source: { title: 'Mug', description: 'A mug.' },
    overrides: {},
    rules: {},
    variants: [],
  },
];

const exportText = async (products: TProduct[], type: TCustomisationType): Promise<string> => {
  let text = '';
  for await (const chunk of exportCustomisationCsv(products, { type })) text += chunk;
  return text;
};

const importText = async (text: string, type: TCustomisationType) => {
  const run = await importCustomisationCsv(bytesOfText(text), { type });
  const results: TCustomisationResult[] = [];
  for await (const r of run.results) results.push(r);
  return { run, results, rows: results.filter((r): r is TCustomisationRow => r.kind === 'customisation') };
};

/** The products without the type's overrides, as if the customisation had never been made. */
const withoutOverrides = (products: TProduct[], type: TCustomisationType): TProduct[] => {
  const strip = (o: TLayerValues): TLayerValues =>
    Object.fromEntries(
      Object.entries(o).filter(([k]) => !(CUSTOMISATION_TYPES[type].fields as readonly string[]).includes(k)),
    );
  return products.map((p) => ({
    ...p,
    overrides: strip(p.overrides),
    variants: p.variants.map((v) => ({ ...v, overrides: strip(v.overrides) })),
  }));
};

const applyAll = (products: TProduct[], rows: TCustomisationRow[]): TProduct[] =>
  products.map((p) =>
    rows
      .filter((r) => r.product_id === p.id)
      .reduce((acc, row) => {
        const { product, issues } = applyCustomisationRow(acc, row);
        expect(issues).toEqual([]);
        return product;
      }, p),
  );

describe('customisation round trip', () => {
  it.each([1, 2] as const)('type %i: export, import back, same overrides', async (type) => {
    const original = catalogue();
    const text = await exportText(original, type);
    const { results, rows, run } = await importText(text, type);
    expect(results.filter((r) => r.kind === 'error')).toEqual([]);
    expect(run.unknownColumns).toEqual([]);
    const restored = applyAll(withoutOverrides(original, type), rows);
    expect(restored).toEqual(original);
  });

  it('writes the columns of each type, a row per product and per variant with its own override', async () => {
    const type1 = await exportText(catalogue(), 1);
    expect(type1.split('\r\n')[0]).toBe(customisationHeaders(1).join(','));
    expect(type1.split('\r\n').slice(1, -1)).toEqual([
      'KETTLE,,"Acme Kettle 1.7 L, ""Steel"" edition",Boils water.,',
      'TEE,,Tee,Organic cotton tee.,',
      // A cell that would run as a formula in a spreadsheet is disarmed with a quote (and read back without).
      "TEE,TEE-S,'=Tee S (looks like a formula),Organic cotton tee.,",
      'MUG,,Mug,A mug.,',
    ]);
    const type2 = await exportText(catalogue(), 2);
    const header = type2.split('\r\n')[0]?.split(',') ?? [];
    expect(header.slice(0, 6)).toEqual([
      'id',
      'variant_id',
      'reference_title',
      'highlight_1',
      'highlight_2',
      'highlight_3',
    ]);
    expect(header).toContain('detail_10_attribute_value');
    expect(header).toHaveLength(3 + 10 + 30);
  });

  it('changes nothing when an unchanged export of a catalogue without overrides comes back', async () => {
    const plain = withoutOverrides(withoutOverrides(catalogue(), 1), 2);
    for (const type of [1, 2] as const) {
      const { rows } = await importText(await exportText(plain, type), type);
      expect(applyAll(plain, rows)).toEqual(plain);
    }
  });

  it('takes back what it exported for products whose source values break the rules for overrides', async () => {
    // No description, a source title over 150 characters, a product type with 6 commas, one highlight, a
    // detail without a value: all as the shop's file gave them, none of them an override.
    const odd: TProduct[] = [
      {
        id: 'BARE',
        offer_id: 'BARE',
        source: {
          title: 'T'.repeat(170),
          product_type: 'a, b, c, d, e, f, g',
          highlights: ['Only one'],
          detail: [{ attribute_name: 'Fit', attribute_value: '' }],
        },
        overrides: {},
        rules: {},
        variants: [],
      },
      {
        id: 'GROUP',
        offer_id: 'GROUP',
        item_group_id: 'GROUP',
        source: {},
        overrides: {},
        rules: {},
        variants: [
          {
            id: 'G-1',
            offer_id: 'G-1',
            source: { title: 'G one' },
            overrides: { highlights: ['h1', 'h2'] },
            rules: {},
          },
        ],
      },
    ];
    for (const type of [1, 2] as const) {
      const { results, rows } = await importText(await exportText(odd, type), type);
      expect(results.filter((r) => r.kind === 'error')).toEqual([]);
      expect(applyAll(odd, rows)).toEqual(odd);
    }
  });
});

describe('customisation import checks', () => {
  /** Each row applied to its product: its issues (row, column, message), or the product id when it applies. */
  const outcomes = (results: TCustomisationResult[], products: TProduct[]) =>
    results.map((r) => {
      if (r.kind === 'error') return [r.row_number, r.column, r.message];
      const product = products.find((p) => p.id === r.product_id) as TProduct;
      const { issues } = applyCustomisationRow(product, r);
      return issues.length > 0
        ? [r.row_number, ...issues.map((i) => [i.attribute, i.message]).flat()]
        : r.product_id;
    });

  it('type 1: title and description cannot be emptied, product type limits apply to a new value', async () => {
    const text = [
      'id,variant_id,title,description,product_type',
      'A,,,Some description,',
      'B,,Title,,',
      `C,,Title,Description,"${'a,'.repeat(6)}b"`,
      ',,No id,Description,',
      'A,,Again,Description,',
      // Empty where the product has no description either: nothing changes, nothing to refuse.
      'D,,Title,,',
    ].join('\n');
    const product = (id: string, source: TLayerValues): TProduct => ({
      id,
      offer_id: id,
      source,
      overrides: {},
      rules: {},
      variants: [],
    });
    const products = [
      product('A', { title: 'A', description: 'Some description' }),
      product('B', { title: 'Title', description: 'Text' }),
      product('C', { title: 'Title', description: 'Description' }),
      product('D', { title: 'Title' }),
    ];
    const { results } = await importText(text, 1);
    expect(outcomes(results, products)).toEqual([
      [2, 'title', PRODUCT_MSG.titleRequired],
      [3, 'description', PRODUCT_MSG.descriptionRequired],
      [4, 'product_type', PRODUCT_MSG.productTypeCommas],
      [5, 'id', 'ID is required.'],
      [6, 'id', MSG.duplicateId('A', 2)],
      'D',
    ]);
  });

  it('type 2: highlight length and detail pairs, reported on their own columns', async () => {
    const header = customisationHeaders(2, { highlights: 3, details: 2 });
    const row = (cells: Record<string, string>) => header.map((h) => cells[h] ?? '').join(',');
    const text = [
      header.join(','),
      row({ id: 'A', highlight_1: 'ok', highlight_3: 'x'.repeat(151) }),
      row({ id: 'B', detail_2_section_name: 'General', detail_2_attribute_name: 'Fit' }),
    ].join('\n');
    const { results } = await importText(text, 2);
    const bare = (id: string): TProduct => ({
      id,
      offer_id: id,
      source: { title: id },
      overrides: {},
      rules: {},
      variants: [],
    });
    expect(outcomes(results, [bare('A'), bare('B')])).toEqual([
      [2, 'highlight_3', PRODUCT_MSG.highlightMax],
      [3, 'detail_2_attribute_value', PRODUCT_MSG.attributeValueRequired],
    ]);
  });

  it('counts AI highlights towards the minimum of 2 when applying', async () => {
    const product = catalogue()[2] as TProduct;
    const row = { values: { highlights: ['Only one'] } as TLayerValues };
    expect(applyCustomisationRow(product, row).issues.map((i) => i.message)).toEqual([
      PRODUCT_MSG.highlightsMin,
    ]);
    const withAi = { ...product, source: { ...product.source, ai_highlights: ['AI one'] } };
    expect(applyCustomisationRow(withAi, row)).toMatchObject({
      issues: [],
      product: { overrides: { highlights: ['Only one'] } },
    });
    expect(applyCustomisationRow(product, { variant_id: 'NOPE', values: {} }).issues[0]?.message).toBe(
      'Product MUG has no variant NOPE.',
    );
  });
});
