// Google product taxonomy: `<id> - <Level1> > <Level2> > …`, one category per line, a
// `# Google_Product_Taxonomy_Version: …` header. Pure: the en-US file that ships in ../../data is read by
// `googleTaxonomy()` of the Node entry (@feedloom/catalog/node).

export interface TCategory {
  id: number;
  /** Last level, e.g. `Clothing`. */
  name: string;
  /** Every level, e.g. `['Apparel & Accessories', 'Clothing']`. */
  path: readonly string[];
  /** `Apparel & Accessories > Clothing`. */
  fullPath: string;
  parentId: number | undefined;
}

export interface TTaxonomy {
  version: string | undefined;
  byId: ReadonlyMap<number, TCategory>;
  /** Lower-cased full path → category. */
  byPath: ReadonlyMap<string, TCategory>;
}

const normalisePath = (path: string): string =>
  path
    .split('>')
    .map((p) => p.trim().toLowerCase())
    .join(' > ');

/** Parses the taxonomy text. Pure: the caller supplies the text. Tolerates a BOM and CRLF line ends. */
export const parseTaxonomy = (text: string): TTaxonomy => {
  const byId = new Map<number, TCategory>();
  const byPath = new Map<string, TCategory>();
  let version: string | undefined;
  const pending: { cat: TCategory; parentPath: string | undefined }[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = /Google_Product_Taxonomy_Version:\s*(\S+)/.exec(line);
      if (m) version = m[1];
      continue;
    }
    const m = /^(\d+)\s+-\s+(.+)$/.exec(line);
    if (!m || m[1] === undefined || m[2] === undefined) continue;
    const path = m[2].split(' > ').map((p) => p.trim());
    const cat: TCategory = {
      id: Number(m[1]),
      name: path[path.length - 1] ?? '',
      path,
      fullPath: path.join(' > '),
      parentId: undefined,
    };
    byId.set(cat.id, cat);
    byPath.set(normalisePath(cat.fullPath), cat);
    pending.push({
      cat,
      parentPath: path.length > 1 ? normalisePath(path.slice(0, -1).join(' > ')) : undefined,
    });
  }
  for (const { cat, parentPath } of pending) {
    if (parentPath !== undefined) cat.parentId = byPath.get(parentPath)?.id;
  }
  return { version, byId, byPath };
};

/**
 * findCategory's answers by taxonomy (a parsed taxonomy is never changed), null for none: a catalogue names a
 * few hundred categories thousands of times, and each item is judged for several channels.
 */
const found = new WeakMap<TTaxonomy, Map<string, TCategory | null>>();
const FOUND_MAX = 10_000;

/** Finds a category from a feed value: the numeric id (`1604`) or the full path (case and spacing tolerant). */
export const findCategory = (taxonomy: TTaxonomy, value: string): TCategory | undefined => {
  let answers = found.get(taxonomy);
  if (!answers) found.set(taxonomy, (answers = new Map<string, TCategory | null>()));
  const known = answers.get(value);
  if (known !== undefined) return known ?? undefined;
  const category = lookUpCategory(taxonomy, value);
  if (answers.size >= FOUND_MAX) answers.clear();
  answers.set(value, category ?? null);
  return category;
};

const lookUpCategory = (taxonomy: TTaxonomy, value: string): TCategory | undefined => {
  const v = value.trim();
  if (/^\d+$/.test(v)) return taxonomy.byId.get(Number(v));
  return taxonomy.byPath.get(normalisePath(v));
};

/** True when `category` is `ancestorId` or lies below it. */
export const isUnder = (taxonomy: TTaxonomy, category: TCategory, ancestorId: number): boolean => {
  let current: TCategory | undefined = category;
  for (let depth = 0; current && depth < 16; depth++) {
    if (current.id === ancestorId) return true;
    current = current.parentId === undefined ? undefined : taxonomy.byId.get(current.parentId);
  }
  return false;
};
