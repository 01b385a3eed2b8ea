import type { TProduct, TShipping } from '../src/index';
import { gs1CheckDigit } from '../src/index';

// Deterministic product generator for the benchmark: realistic field lengths (titles 40–150 characters,
// descriptions mostly 200–2,000 with a tail up to 5,000), 30 % of products with 2–4 variants, 5 % invalid,
// some overrides and rule results so the layers are exercised.

/** mulberry32: small, fast, seedable. */
export const prng = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ter',
  'on',
  'ra',
  'vel',
  'su',
  'den',
  'ar',
  'po',
  'lin',
  'es',
  'to',
  'ba',
  'rin',
  'co',
  'mar',
  'ul',
  'fi',
];
const COLORS = [
  'Black',
  'White',
  'Navy Blue',
  'Red',
  'Forest Green',
  'Grey',
  'Beige',
  'Pink',
  'Yellow',
  'Brown',
];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '38', '40', '42', '44'];
// Apparel (clothing, shoes), electronics, home, toys, media: ids from the shipped taxonomy.
const CATEGORIES = ['1604', '187', '2271', '212', '222', '278', '536', '1239', '784', '3237', '630', '5181'];
const APPAREL = new Set(['1604', '187', '2271', '212']);

export interface TGenerator {
  /** Products `from` to `to - 1` of a catalogue of `count`; product i is the same whatever the range. */
  products(count: number, from?: number, to?: number): Generator<TProduct>;
}

export const createGenerator = (seed = 42): TGenerator => {
  // One stream for the shared pools, then one reseeded per product so any range (a worker's shard) gives
  // exactly the products a full run gives.
  let state = seed >>> 0;
  const rnd = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const reseed = (i: number): void => {
    state = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i + 1, 0xc2b2ae35)) >>> 0;
  };
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

  const words: string[] = [];
  for (let i = 0; i < 600; i++) {
    let w = '';
    const n = int(1, 4);
    for (let j = 0; j < n; j++) w += pick(SYLLABLES);
    words.push(w);
  }
  // One long text to cut descriptions from: substrings share memory, like real strings read from a file.
  let corpus = '';
  while (corpus.length < 400_000) {
    const sentence = Array.from({ length: int(6, 18) }, () => pick(words)).join(' ');
    corpus += `${sentence[0]?.toUpperCase()}${sentence.slice(1)}. `;
    if (rnd() < 0.05) corpus += '\n';
    if (rnd() < 0.02) corpus += 'Size & fit: <true> to size. ';
  }
  const brands = Array.from({ length: 200 }, (_, i) =>
    `${pick(words)}${i % 7 === 0 ? ' & Co' : ''}`.replace(/^./, (c) => c.toUpperCase()),
  );

  const text = (min: number, max: number): string => {
    const len = int(min, max);
    const start = int(0, corpus.length - len - 1);
    return corpus.slice(start, start + len).trim();
  };
  const descriptionLength = (): number => {
    const r = rnd();
    if (r < 0.02) return int(2000, 5000);
    if (r < 0.2) return int(1000, 2000);
    return int(150, 1000);
  };
  const gtin = (i: number): string => {
    const data = `40${String(i).padStart(10, '0')}`;
    return `${data}${gs1CheckDigit(data)}`;
  };
  const money = (value: number) => ({ value: Math.round(value * 100) / 100, currency: 'USD' });

  // Pools of sub-values shared between products, as a real catalogue shares brands, types and copy blocks.
  // Each product still gets its own title, description, links, identifiers and prices.
  const pool = <T>(n: number, make: () => T): T[] => Array.from({ length: n }, make);
  const titleTails = pool(4096, () => text(30, 130));
  const productTypes = pool(256, () => `${pick(words)} > ${pick(words)} > ${pick(words)}`);
  const highlightSets = pool(1024, () => pool(int(2, 5), () => text(20, 140)));
  const detailSets = pool(512, () =>
    pool(int(1, 3), () => ({
      section_name: 'General',
      attribute_name: pick(words),
      attribute_value: text(3, 40),
    })),
  );
  const shippingSets: TShipping[][] = [
    [{ country: 'US', service: 'Standard', price: money(0) }],
    [{ country: 'US', service: 'Standard', price: money(4.99) }],
    [
      {
        country: 'US',
        region: 'CA',
        service: 'Express',
        price: money(9.99),
        min_handling_time: 0,
        max_handling_time: 1,
        min_transit_time: 1,
        max_transit_time: 2,
      },
    ],
  ];
  const labels = ['summer', 'winter', 'bestseller', 'clearance'];

  function* products(count: number, from = 0, to = count): Generator<TProduct> {
    for (let i = from; i < to; i++) {
      reseed(i);
      const brand = pick(brands);
      const category = pick(CATEGORIES);
      const apparel = APPAREL.has(category);
      const price = 5 + rnd() * 495;
      const handle = `${pick(words)}-${pick(words)}-${i}`;
      const source: TProduct['source'] = {
        title: `${brand} ${pick(titleTails)}`.slice(0, 150),
        description: text(descriptionLength(), descriptionLength() + 50).slice(0, 5000),
        link: `https://shop.example.com/products/${handle}`,
        image_link: `https://cdn.example.com/images/${i}/main.jpg`,
        availability: rnd() < 0.9 ? 'in_stock' : 'out_of_stock',
        price: money(price),
        brand,
        gtin: gtin(i),
        mpn: `MPN-${i.toString(36).toUpperCase()}`,
        condition: 'new',
        google_product_category: category,
        product_type: pick(productTypes),
        shipping: pick(shippingSets),
        custom_label0: pick(labels),
      };
      const extra = int(0, 4);
      if (extra > 0) {
        const images: string[] = [];
        for (let k = 0; k < extra; k++) images.push(`https://cdn.example.com/images/${i}/${k}.jpg`);
        source.additional_image_links = images;
      }
      if (rnd() < 0.3) source.sale_price = money(price * 0.8);
      if (rnd() < 0.5) source.highlights = pick(highlightSets);
      if (rnd() < 0.3) source.detail = pick(detailSets);
      if (apparel) {
        source.gender = pick(['male', 'female', 'unisex']);
        source.age_group = 'adult';
        source.color = pick(COLORS);
        source.size = pick(SIZES);
      }
      if (rnd() < 0.05) {
        // The 5 % invalid: one realistic mistake each.
        switch (int(0, 4)) {
          case 0:
            source.title = '';
            break;
          case 1:
            source.gtin = `${gtin(i).slice(0, 12)}${(Number(gtin(i).slice(12)) + 1) % 10}`;
            break;
          case 2:
            source.availability = 'available soon';
            break;
          case 3:
            source.sale_price = money(price * 1.2);
            break;
          default:
            source.image_link = `cdn.example.com/images/${i} main.jpg`;
        }
      }
      const product: TProduct = {
        id: `p${i}`,
        offer_id: `SKU-${i}`,
        source,
        overrides: rnd() < 0.1 ? { title: `${brand} ${pick(titleTails)}`.slice(0, 150) } : {},
        rules: rnd() < 0.05 ? { custom_label1: 'rule-tagged' } : {},
        variants: [],
      };
      if (rnd() < 0.3) {
        const n = int(2, 4);
        product.item_group_id = `G-${i}`;
        for (let v = 0; v < n; v++) {
          product.variants.push({
            id: `p${i}-v${v}`,
            offer_id: `SKU-${i}-${v}`,
            source: {
              color: COLORS[v % COLORS.length],
              size: SIZES[(v * 3) % SIZES.length],
              gtin: gtin(count + i * 4 + v),
            },
            overrides: {},
            rules: {},
          });
        }
      }
      yield product;
    }
  }

  return { products };
};

/** The shard entry point of the sharded feed build (see writeFeedSharded): contiguous ranges of one catalogue. */
export const productShard = (shard: number, shards: number, data: unknown): Generator<TProduct> => {
  const { count, seed } = data as { count: number; seed?: number };
  const from = Math.floor((count * shard) / shards);
  const to = Math.floor((count * (shard + 1)) / shards);
  return createGenerator(seed ?? 42).products(count, from, to);
};
