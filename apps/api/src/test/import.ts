// A CSV imported into a shop as the import job does it (keep the file, read, map, merge, judge), for tests
// that need products in a shop.
import { ZImportCsvFieldsSchema } from '@feedloom/validation';
import { createDataSourcesService } from '../modules/data-sources/service';
import { keepFile } from '../modules/data-sources/storage';
import type { TTestApp } from './test-app';

/**
 * Imports `csv` into the shop (a new data source "Main feed", or `sourceId` again) and returns the run.
 * `settings` overrides the import's mass-removal share and batch size (default: never held, 50 per batch) and
 * names a new data source (default "Main feed").
 */
export const importCsv = async (
  t: TTestApp,
  ids: { user_id: string; org_id: string; shop_id: string },
  csv: string,
  sourceId?: string,
  settings: { holdShare?: number; batchSize?: number; name?: string } = {},
) => {
  const { name = 'Main feed', ...importSettings } = settings;
  const service = createDataSourcesService({
    db: t.database.db,
    clock: t.clock,
    jobs: null,
    settings: { holdShare: 1, batchSize: 50, ...importSettings, fetchTimeoutMs: 1000, allowPrivateUrls: false },
  });
  const file = await keepFile(
    t.database.db,
    { shop_id: ids.shop_id, file_name: 'p.csv', content_type: 'text/csv' },
    (async function* () {
      yield new TextEncoder().encode(csv);
    })(),
  );
  const { run } = await service.importFile(
    { user_id: ids.user_id, org_id: ids.org_id, shop_ids: null },
    ZImportCsvFieldsSchema.parse({
      shop_id: ids.shop_id,
      data_source_name: name,
      ...(sourceId ? { data_source_id: sourceId } : {}),
    }),
    { id: file.id, file_name: 'p.csv', size: file.size },
  );
  return run;
};
