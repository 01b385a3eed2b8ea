import { gs1CheckDigit } from '../rules/gtin';
import { csvField } from './report';

// The demo merchant's catalogue: a Google-format CSV that `npm start` imports through the same pipeline a
// merchant's file takes. Deterministic for a seed: apparel with colour and size variants, electronics with
// valid GTINs, home goods, and about 5 % of products with an issue a channel reports and a merchant can fix
// (no brand, a title over 150 characters, no description, apparel without gender) but no row error.

export interface TDemoCatalogueOptions {
  seed?: number;
  /** Products (a product with variants counts once). Default 2,000. */
  count?: number;
  /** The shop's address, used for product links and images. */
  shopUrl?: string;
  currency?: string;
}

export const DEMO_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'availability',
  'price',
  'sale_price',
  'brand',
  'gtin',
  'mpn',
  'condition',
  'google_product_category',
  'product_type',
  'color',
  'size',
  'gender',
  'age_group',
  'inventory_qty',
  'shipping_weight',
  'shipping',
  'product_highlight',
  'custom_label_0',
] as const;
type TColumn = (typeof DEMO_COLUMNS)[number];
type TRow = Partial<Record<TColumn, string>>;

/** The fixable issues planted in the demo catalogue (one product in 20 has one). */
export const DEMO_ISSUES = ['missing_brand', 'long_title', 'missing_description', 'missing_gender'] as const;
export type TDemoIssue = (typeof DEMO_ISSUES)[number];

/** mulberry32: small, fast, seedable. */
const prng = (seed: number) => {
  let a = seed >>> 0;
  return (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const APPAREL = [
  {
    name: 'Organic Cotton T-Shirt',
    type: 'Apparel > Tops > T-Shirts',
    category: '212',
    weight: 0.2,
    price: [14, 35],
  },
  {
    name: 'Heavyweight Hoodie',
    type: 'Apparel > Tops > Hoodies',
    category: '212',
    weight: 0.6,
    price: [39, 89],
  },
  {
    name: 'Slim Fit Jeans',
    type: 'Apparel > Bottoms > Jeans',
    category: '1604',
    weight: 0.7,
    price: [49, 129],
  },
  { name: 'Wrap Dress', type: 'Apparel > Dresses', category: '2271', weight: 0.4, price: [45, 119] },
  { name: 'Rain Jacket', type: 'Apparel > Outerwear', category: '5598', weight: 0.8, price: [79, 199] },
  {
    name: 'Running Sneakers',
    type: 'Apparel > Shoes > Sneakers',
    category: '187',
    weight: 0.9,
    price: [59, 149],
  },
] as const;
const COLORS = ['Black', 'White', 'Navy', 'Heather Grey', 'Forest Green', 'Burgundy', 'Sand', 'Sky Blue'];
const CLOTHING_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOE_SIZES = ['38', '39', '40', '41', '42', '43', '44', '45'];
const GENDERS = ['female', 'male', 'unisex'] as const;

const ELECTRONICS = [
  {
    name: 'Wireless Noise-Cancelling Headphones',
    type: 'Electronics > Audio > Headphones',
    category: '543626',
    price: [79, 349],
  },
  {
    name: 'Portable Bluetooth Speaker',
    type: 'Electronics > Audio > Speakers',
    category: '249',
    price: [29, 199],
  },
  {
    name: 'Mechanical Keyboard',
    type: 'Electronics > Computer Accessories > Keyboards',
    category: '303',
    price: [49, 179],
  },
  { name: '27" 4K Monitor', type: 'Electronics > Monitors', category: '305', price: [229, 699] },
  { name: '65 W USB-C Charger', type: 'Electronics > Power > Chargers', category: '505295', price: [19, 59] },
  { name: 'Smart Fitness Watch', type: 'Electronics > Wearables', category: '222', price: [99, 399] },
] as const;

const HOME = [
  { name: 'Stoneware Mug Set', type: 'Home > Kitchen > Drinkware', category: '2169', price: [18, 48] },
  { name: 'Cast Iron Skillet', type: 'Home > Kitchen > Cookware', category: '654', price: [29, 89] },
  { name: 'Linen Apron', type: 'Home > Kitchen > Textiles', category: '639', price: [19, 45] },
  { name: 'Brass Desk Lamp', type: 'Home > Lighting > Lamps', category: '4636', price: [49, 159] },
  { name: 'Ceramic Serving Bowl', type: 'Home > Kitchen > Serveware', category: '4026', price: [22, 68] },
] as const;

const APPAREL_SHARE = 0.4;

const BRANDS = [
  'Northwind',
  'Feedloom Basics',
  'Acme',
  'Lumen & Co',
  'Kestrel',
  'Oakline',
  'Voltic',
  'Harbor',
];
const ADJECTIVES = ['Classic', 'Everyday', 'Premium', 'Essential', 'Studio', 'Urban', 'Trail', 'Signature'];
const EAN_PREFIXES = ['400', '401', '409', '500', '501', '760', '871', '890'];

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The demo catalogue as CSV text in Google's attribute names. The same seed and count give the same file,
 * byte for byte.
 */
export const generateDemoCatalogue = (options: TDemoCatalogueOptions = {}): string => {
  const seed = options.seed ?? 42;
  const count = options.count ?? 2000;
  const shop = (options.shopUrl ?? 'https://demo-shop.example.com').replace(/\/+$/, '');
  const currency = options.currency ?? 'USD';
  const rnd = prng(seed);
  const int = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const price = (range: readonly [number, number]) =>
    `${int(range[0], range[1])}.${pick(['00', '49', '95', '99'])}`;
  const money = (amount: string) => `${amount} ${currency}`;
  const shuffle = <T>(list: readonly T[]): T[] => {
    const out = [...list];
    for (let k = out.length - 1; k > 0; k--) {
      const j = Math.floor(rnd() * (k + 1));
      [out[k], out[j]] = [out[j] as T, out[k] as T];
    }
    return out;
  };
  const gtin = () => {
    const prefix = pick(EAN_PREFIXES);
    let body = prefix;
    while (body.length < 12) body += String(int(0, 9));
    return body + String(gs1CheckDigit(body));
  };

  const lines: string[] = [DEMO_COLUMNS.join(',')];
  const write = (row: TRow) => lines.push(DEMO_COLUMNS.map((c) => csvField(row[c] ?? '')).join(','));

  for (let i = 0; i < count; i++) {
    const id = `DEMO-${pad(i + 1, 5)}`;
    const brand = pick(BRANDS);
    const kind = rnd();
    // Every 20th product gets one fixable issue (5 %); only apparel can lack a gender.
    const issues = kind < APPAREL_SHARE ? DEMO_ISSUES : DEMO_ISSUES.filter((x) => x !== 'missing_gender');
    const issue: TDemoIssue | undefined =
      i % 20 === 13 ? issues[Math.floor(i / 20) % issues.length] : undefined;
    const highlights = ['Free returns within 30 days', `Designed by ${brand}`];
    const base: TRow = {
      brand: issue === 'missing_brand' ? undefined : brand,
      condition: 'new',
      shipping: `US::Standard:${money('4.99')}`,
      custom_label_0: pick(['bestseller', 'new-in', 'clearance', 'core']),
      product_highlight: highlights.join(','),
    };
    const longTitle = (title: string) =>
      issue === 'long_title'
        ? `${title} - ${'with extra long marketing copy that keeps going '.repeat(4)}`.slice(0, 170).trim()
        : title;
    const description = (text: string) => (issue === 'missing_description' ? undefined : text);

    if (kind < APPAREL_SHARE) {
      const model = pick(APPAREL);
      const name = `${pick(ADJECTIVES)} ${model.name}`;
      const shoes = model.category === '187';
      const sizes = shoes ? SHOE_SIZES : CLOTHING_SIZES;
      const colors = shuffle(COLORS).slice(0, int(1, 3));
      const first = int(0, sizes.length - 3);
      const variantSizes = sizes.slice(first, first + int(2, 3));
      const gender = pick(GENDERS);
      const regular = price(model.price);
      const onSale = rnd() < 0.15;
      for (const color of colors) {
        for (const size of variantSizes) {
          const variant = `${id}-${color.replace(/\s+/g, '').toUpperCase().slice(0, 5)}-${size}`;
          const qty = int(0, 60);
          write({
            ...base,
            id: variant,
            item_group_id: id,
            title: longTitle(`${brand} ${name} - ${color}, ${size}`),
            description: description(
              `The ${name.toLowerCase()} by ${brand}, cut for everyday comfort. Available in ${colors.join(', ')}.`,
            ),
            link: `${shop}/products/${id.toLowerCase()}?variant=${variant.toLowerCase()}`,
            image_link: `${shop}/images/${id.toLowerCase()}-${color.replace(/\s+/g, '-').toLowerCase()}.jpg`,
            additional_image_link: `${shop}/images/${id.toLowerCase()}-detail.jpg`,
            availability: qty > 0 ? 'in_stock' : 'out_of_stock',
            price: money(regular),
            sale_price: onSale ? money((Number(regular) * 0.8).toFixed(2)) : undefined,
            mpn: variant,
            google_product_category: model.category,
            product_type: model.type,
            color,
            size,
            gender: issue === 'missing_gender' ? undefined : gender,
            age_group: 'adult',
            inventory_qty: String(qty),
            shipping_weight: `${model.weight} kg`,
          });
        }
      }
      continue;
    }
    const isElectronics = kind < 0.75;
    const model = isElectronics ? pick(ELECTRONICS) : pick(HOME);
    const name = `${brand} ${model.name}${isElectronics ? ` ${pick(['Pro', 'Lite', 'Max', 'Mini', 'S'])}${int(2, 9)}` : ''}`;
    const qty = int(0, 200);
    const regular = price(model.price);
    write({
      ...base,
      id,
      title: longTitle(name),
      description: description(
        isElectronics
          ? `${name}: dependable performance with a ${int(1, 3)}-year warranty. Ships with a quick-start guide.`
          : `${name}, made to last and easy to care for. A practical piece for every home.`,
      ),
      link: `${shop}/products/${id.toLowerCase()}`,
      image_link: `${shop}/images/${id.toLowerCase()}.jpg`,
      availability: qty > 0 ? 'in_stock' : 'out_of_stock',
      price: money(regular),
      sale_price: rnd() < 0.15 ? money((Number(regular) * 0.85).toFixed(2)) : undefined,
      gtin: isElectronics || rnd() < 0.5 ? gtin() : undefined,
      mpn: `${brand.slice(0, 3).toUpperCase()}-${pad(int(0, 99999), 5)}`,
      google_product_category: model.category,
      product_type: model.type,
      inventory_qty: String(qty),
      shipping_weight: `${(int(1, 80) / 10).toFixed(1)} kg`,
    });
  }
  return `${lines.join('\r\n')}\r\n`;
};
