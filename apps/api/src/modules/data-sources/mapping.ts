// The mapping review ("the merchant can review and change the mapping"): each header of a source's
// last import, the product field it went to, and the merchant's choice for the next run. The choice is kept
// on the data source (`mapping`, header → target) and the import job hands it to the catalog's
// suggestMapping as its edits.
import { detectFormat, IMPORT_COLUMNS, mappingTargets } from '@feedloom/catalog';
import type { TDataSourceMapping } from '@feedloom/contracts';
import { MAPPING_CUSTOM_PREFIX, MAPPING_SKIP } from '@feedloom/validation';
import type { TDataSourceRow } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { DATA_SOURCE_API_MSG as M } from './messages';

/** Fields a file may feed from several columns (e.g. additional images): no collision there. */
const MULTIPLE = new Set(IMPORT_COLUMNS.filter((c) => c.multiple).map((c) => c.target as string));

const formatOf = (row: Pick<TDataSourceRow, 'columns'>) => detectFormat(row.columns.map((c) => c.header));

/** What the review screen shows: the last import's columns with where each goes next, and the targets. */
export const mappingView = (row: Pick<TDataSourceRow, 'id' | 'columns' | 'mapping'>): TDataSourceMapping => {
  const format = formatOf(row);
  return {
    data_source_id: row.id,
    format,
    columns: row.columns.map((c) => ({ ...c, next: row.mapping[c.header] ?? c.suggested })),
    targets: mappingTargets(format).map((t) => ({ target: t.target, label: t.label, kind: t.kind })),
  };
};

/**
 * Checks a mapping against the source's last import and answers what to keep: only the choices that differ
 * from the suggestion (so a better suggestion later still reaches untouched columns). Refused with a 400 on
 * the column concerned: a header the last import did not have, a target that is not a product field of the
 * file's format (or `custom:<name>` / `skip`), and two headers feeding one field.
 */
export const checkMapping = (
  row: Pick<TDataSourceRow, 'columns'>,
  mapping: Readonly<Record<string, string>>,
): Record<string, string> => {
  const format = formatOf(row);
  const known = new Map(mappingTargets(format).map((t) => [t.target, t.label]));
  const byHeader = new Map(row.columns.map((c) => [c.header, c]));
  if (row.columns.length === 0 && Object.keys(mapping).length > 0) throw badRequest(M.mapping.noImportYet);
  for (const [header, target] of Object.entries(mapping)) {
    const field = `mapping.${header}`;
    if (!byHeader.has(header)) throw badRequest(M.mapping.unknownColumn(header), field);
    const isCustom = target.startsWith(MAPPING_CUSTOM_PREFIX) && target.length > MAPPING_CUSTOM_PREFIX.length;
    if (target !== MAPPING_SKIP && !isCustom && !known.has(target)) {
      throw badRequest(M.mapping.unknownTarget(header), field);
    }
  }
  const takenBy = new Map<string, string>();
  for (const column of row.columns) {
    const target = mapping[column.header] ?? column.suggested;
    if (target === MAPPING_SKIP || target.startsWith(MAPPING_CUSTOM_PREFIX) || MULTIPLE.has(target)) continue;
    const first = takenBy.get(target);
    if (first !== undefined) {
      throw badRequest(
        M.mapping.sameTarget(known.get(target) ?? target, first, column.header),
        `mapping.${column.header}`,
      );
    }
    takenBy.set(target, column.header);
  }
  return Object.fromEntries(
    Object.entries(mapping).filter(([header, target]) => byHeader.get(header)?.suggested !== target),
  );
};
