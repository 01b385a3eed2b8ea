// The demo shop's catalogue: a generated CSV imported through the same pipeline a merchant's upload takes
// (kept file → import run → set-based upsert → channel statuses), so a newcomer sees real products, real
// issues and a real import report on first start.
import { generateDemoCatalogue } from '@feedloom/catalog';
import { ZImportCsvFieldsSchema } from '@feedloom/validation';
import { and, eq } from 'drizzle-orm';
import type { TServices } from '../services';
import type { TDb } from './client';
import { data_sources } from './schema';
import { keepFile } from '../modules/data-sources/storage';

export const DEMO_SOURCE_NAME = 'Demo catalogue';
export const DEMO_PRODUCT_COUNT = 2000;

/** Imports the demo catalogue into the demo shop once; a second start finds the source and does nothing. */
export const seedCatalogue = async (
  db: TDb,
  dataSources: TServices['dataSources'],
  ids: { user_id: string; organization_id: string; shop_id: string },
  count = DEMO_PRODUCT_COUNT,
): Promise<{ imported: number; rejected: number } | null> => {
  const [existing] = await db
    .select({ id: data_sources.id })
    .from(data_sources)
    .where(and(eq(data_sources.shop_id, ids.shop_id), eq(data_sources.data_source_name, DEMO_SOURCE_NAME)))
    .limit(1);
  if (existing) return null;
  const csv = new TextEncoder().encode(
    generateDemoCatalogue({ seed: 1, count, shopUrl: 'https://demo-outfitters.example', currency: 'USD' }),
  );
  const file = await keepFile(
    db,
    { shop_id: ids.shop_id, file_name: 'demo-catalogue.csv', content_type: 'text/csv' },
    (async function* () {
      yield csv;
    })(),
  );
  const { run } = await dataSources.importFile(
    { user_id: ids.user_id, org_id: ids.organization_id, shop_ids: null },
    ZImportCsvFieldsSchema.parse({ shop_id: ids.shop_id, data_source_name: DEMO_SOURCE_NAME }),
    { id: file.id, file_name: 'demo-catalogue.csv', size: file.size },
  );
  return { imported: run.rows_imported, rejected: run.rows_rejected };
};
