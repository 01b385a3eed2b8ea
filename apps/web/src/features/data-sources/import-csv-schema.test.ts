import { describe, expect, it } from 'vitest';
import { importCsvFormSchema, type ImportCsvFormInput } from './import-csv-schema';
import { fetchTimeLabel, FETCH_TIMES, daysOfMonth, scheduleText, WEEKDAYS } from './schedule';

const base: ImportCsvFormInput = {
  data_source_name: 'Spring',
  notification_email: '',
  source_type: 'file',
  file: null,
  url: '',
  frequency: '',
  fetch_time: '',
  day: '',
  product_id_format: 'id',
  inventory_quantity: '',
};
const csv = (name = 'products.csv', size = 10, type = 'text/csv') =>
  new File(['x'.repeat(size)], name, { type });

const messages = (values: Partial<ImportCsvFormInput>, isEditing = false) => {
  const result = importCsvFormSchema({ isEditing }).safeParse({ ...base, ...values });
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('import CSV form rules', () => {
  it('needs a name unless editing, and a CSV file or Google XML feed of at most 20MB for a file source', () => {
    expect(messages({ data_source_name: '' })).toMatchObject({
      data_source_name: 'Data source name is required.',
    });
    expect(messages({ data_source_name: '' }, true)).not.toHaveProperty('data_source_name');
    expect(messages({})).toMatchObject({ file: 'File is required.' });
    expect(messages({}, true)).toEqual({});
    expect(messages({ file: csv('products.xlsx', 10, 'application/vnd.ms-excel') })).toMatchObject({
      file: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.',
    });
    // Google's own feed format is taken as it is, by its name or (without an extension) its type.
    expect(messages({ file: csv('google-feed.xml', 10, 'application/rss+xml') })).toEqual({});
    expect(messages({ file: csv('feed', 10, 'application/atom+xml') })).toEqual({});
    expect(messages({ file: csv('feed', 10, 'application/json') })).toMatchObject({
      file: 'Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.',
    });
    const big = csv();
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(messages({ file: big })).toMatchObject({ file: 'File size must not exceed 20MB.' });
    expect(messages({ file: csv() })).toEqual({});
  });

  it('needs a URL and a frequency for a URL source, a fetch time for any frequency and a day for weekly or monthly', () => {
    expect(messages({ source_type: 'url' })).toMatchObject({
      url: 'URL is required.',
      frequency: 'Frequency is required.',
    });
    expect(
      messages({ source_type: 'url', url: 'ftp://x.test/a.csv', frequency: 'daily', fetch_time: '09:00' }),
    ).toEqual({
      url: 'Please enter a valid http or https URL.',
    });
    expect(messages({ source_type: 'url', url: 'https://x.test/a.csv', frequency: 'daily' })).toEqual({
      fetch_time: 'Fetch time is required.',
    });
    expect(
      messages({ source_type: 'url', url: 'https://x.test/a.csv', frequency: 'weekly', fetch_time: '09:00' }),
    ).toEqual({ day: 'Day is required.' });
    expect(
      messages({
        source_type: 'url',
        url: 'https://x.test/a.csv',
        frequency: 'monthly',
        fetch_time: '09:00',
        day: '31',
      }),
    ).toEqual({});
  });

  it('accepts an inventory quantity from 1 to 10,000,000', () => {
    const message = 'Inventory quantity must be between 1 and 10,000,000.';
    expect(messages({ file: csv(), inventory_quantity: '0' })).toEqual({ inventory_quantity: message });
    expect(messages({ file: csv(), inventory_quantity: '10000001' })).toEqual({
      inventory_quantity: message,
    });
    expect(messages({ file: csv(), inventory_quantity: '10000000' })).toEqual({});
  });
});

describe('schedule labels', () => {
  it('offers hourly times 12:00 AM to 11:00 PM, Monday to Sunday and the days of the month', () => {
    const labels = FETCH_TIMES.map(fetchTimeLabel);
    expect(labels).toHaveLength(24);
    expect(labels[0]).toBe('12:00 AM');
    expect(labels[12]).toBe('12:00 PM');
    expect(labels.at(-1)).toBe('11:00 PM');
    expect(WEEKDAYS[0]).toBe('Monday');
    expect(WEEKDAYS.at(-1)).toBe('Sunday');
    expect(daysOfMonth(new Date(2024, 1, 10))).toHaveLength(29);
    expect(scheduleText({ frequency: 'weekly', fetch_time: '13:00', day: 1 })).toBe(
      'Weekly on Monday at 1:00 PM',
    );
    expect(scheduleText({ frequency: 'monthly', fetch_time: '00:00', day: 2 })).toBe(
      'Monthly on the 2nd at 12:00 AM',
    );
  });
});
