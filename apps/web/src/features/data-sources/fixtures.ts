import type { DataSource, ImportRun } from './use-data-sources';

export function makeRun(overrides: Partial<ImportRun> = {}): ImportRun {
  return {
    id: 'r1',
    data_source_id: 'd1',
    shop_id: 's1',
    trigger: 'manual',
    triggered_by: { id: 'u1', name: 'Mira Shah' },
    status: 'succeeded',
    file_name: 'spring.csv',
    file_size: 2048,
    rows_read: 120,
    rows_imported: 118,
    rows_rejected: 2,
    rows_unchanged: 0,
    rows_removed: 0,
    message: null,
    held: null,
    unknown_columns: [],
    has_report: true,
    created_at: '2025-03-01T09:00:00.000Z',
    started_at: '2025-03-01T09:00:01.000Z',
    finished_at: '2025-03-01T09:00:04.000Z',
    duration_ms: 3200,
    ...overrides,
  };
}

export function makeDataSource(overrides: Partial<DataSource> = {}): DataSource {
  return {
    id: 'd1',
    shop_id: 's1',
    data_source_name: 'Spring catalogue',
    source_type: 'file',
    notification_email: null,
    file_name: 'spring.csv',
    url: null,
    frequency: null,
    fetch_time: null,
    day: null,
    next_fetch_at: null,
    product_id_format: 'id',
    inventory_quantity: null,
    mapping: {},
    columns: [],
    total_products: 118,
    last_run: makeRun(),
    created_at: '2025-03-01T09:00:00.000Z',
    updated_at: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}
