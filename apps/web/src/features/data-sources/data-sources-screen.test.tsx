import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp, TrpcTestError } from '@/test/render';
import { DATA_SOURCE_MSG } from '@feedloom/validation';
import { makeDataSource, makeRun } from './fixtures';
import { EDIT_NAME_HELP, NEW_NAME_HELP } from './import-csv-fields';
import type { ImportRun } from './use-data-sources';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const page =
  <T,>(data: T[]) =>
  () => ({ data, total_records: data.length });

describe('/data-sources', () => {
  it('lists the sources with their type, schedule, last run and the actions a manager may take', async () => {
    const url = makeDataSource({
      id: 'd2',
      data_source_name: 'Nightly feed',
      source_type: 'url',
      file_name: null,
      url: 'https://example.com/feed.csv',
      frequency: 'weekly',
      fetch_time: '13:00',
      day: 1,
      last_run: makeRun({ id: 'r2', status: 'failed', rows_imported: 0, rows_rejected: 0 }),
    });
    const { calls } = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource(), url]),
      'dataSources.syncNow': () => ({ message: 'Sync started.', data: makeRun({ status: 'queued' }) }),
    });
    const table = await screen.findByRole('table', { name: 'Data sources' });
    const row = (name: string) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    expect(await within(table).findByRole('rowheader', { name: 'Spring catalogue' })).toBeTruthy();
    expect(within(row('Spring catalogue')).getByText('File')).toBeTruthy();
    expect(within(row('Spring catalogue')).getByText('118 imported · 2 rejected')).toBeTruthy();
    expect(within(row('Nightly feed')).getByText('Weekly on Monday at 1:00 PM')).toBeTruthy();
    expect(within(row('Nightly feed')).getByText('Failed')).toBeTruthy();
    expect(within(row('Spring catalogue')).queryByRole('button', { name: /^Sync/ })).toBeNull();
    expect(
      within(row('Nightly feed')).getByRole('link', { name: 'History of Nightly feed' }).getAttribute('href'),
    ).toBe('/data-source/s1?source=d2');
    expect(calls.find((c) => c.path === 'dataSources.find')?.input).toEqual({
      page: 1,
      limit: 25,
      order: 1,
      shop_id: 's1',
    });

    await userEvent.click(within(row('Nightly feed')).getByRole('button', { name: 'Sync Nightly feed now' }));
    expect(await screen.findByText('Sync started.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'dataSources.syncNow')?.input).toEqual({ id: 'd2' });
  });

  it('says when there is nothing yet, and offers Import CSV', async () => {
    renderApp('/data-sources', { ...orgShopHandlers(session), 'dataSources.find': page([]) });
    expect(await screen.findByText('No data sources yet')).toBeTruthy();
    await userEvent.click(within(screen.getByRole('table')).getByRole('button', { name: 'Import CSV' }));
    expect(await screen.findByRole('dialog', { name: 'Import CSV' })).toBeTruthy();
  });

  it('a reader sees no Import CSV, edit or delete', async () => {
    renderApp('/data-sources', {
      ...orgShopHandlers(makeSession({ active_shop_id: 's1', permissions: ['data_source_management'] })),
      'dataSources.find': page([]),
    });
    expect(await screen.findByText('No data sources yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
  });

  it('offers to try again when the list fails', async () => {
    let fail = true;
    renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': () => {
        if (fail) throw new TrpcTestError('INTERNAL_SERVER_ERROR', 'Down', 500);
        return page([makeDataSource()])();
      },
    });
    expect(await screen.findByText('Your data sources could not be loaded.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Spring catalogue' })).toBeTruthy();
  });

  it('asks before deleting and says the imported products go too', async () => {
    const { calls } = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource()]),
      'dataSources.delete': () => ({
        message: 'Data source deleted.',
        data: { id: 'd1', products_removed: 118 },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring catalogue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Spring catalogue?' });
    expect(
      within(dialog).getByText(/The 118 products it imported are removed from the store too/),
    ).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete data source' }));
    expect(await screen.findByText('Data source deleted.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'dataSources.delete')?.input).toEqual({ shop_id: 's1', id: 'd1' });
  });
});

describe('the Import CSV popup', () => {
  it('shows the spec’s messages, refuses a non-CSV file before any upload, and closes on Escape', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    renderApp('/data-sources', { ...orgShopHandlers(session), 'dataSources.find': page([]) });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Data source name'));
    // The popup says which files it takes.
    expect(
      within(dialog).getByText('A CSV file or a Google XML feed (RSS 2.0 / Atom), of at most 20 MB.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Data source name is required.')).toBeTruthy();
    expect(within(dialog).getByText('File is required.')).toBeTruthy();

    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['a'], 'products.xlsx'));
    expect(
      await within(dialog).findByText('Only CSV files or Google XML feeds (RSS 2.0 / Atom) are allowed.'),
    ).toBeTruthy();

    await user.click(within(dialog).getByLabelText('CSV file URL'));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('URL is required.')).toBeTruthy();
    expect(within(dialog).getByText('Frequency is required.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Frequency'), 'weekly');
    const times = within(within(dialog).getByLabelText('Fetch time')).getAllByRole('option');
    expect(times[1]?.textContent).toBe('12:00 AM');
    expect(times.at(-1)?.textContent).toBe('11:00 PM');
    const days = within(within(dialog).getByLabelText('Day')).getAllByRole('option');
    expect(days.slice(1).map((o) => o.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    await user.clear(within(dialog).getByLabelText('Inventory quantity'));
    await user.type(within(dialog).getByLabelText('Inventory quantity'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Fetch time is required.')).toBeTruthy();
    expect(within(dialog).getByText('Day is required.')).toBeTruthy();
    expect(within(dialog).getByText('Inventory quantity must be between 1 and 10,000,000.')).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes('/upload/'))).toBe(false);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fetchSpy.mockRestore();
  });

  it('uploads a CSV file as multipart with the CSRF header, then opens the source’s history', async () => {
    const user = userEvent.setup();
    const source = makeDataSource({ last_run: makeRun({ status: 'queued', rows_read: 0 }) });
    const { router, calls } = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([]),
      'dataSources.get': () => source,
      'dataSources.runs': page([]),
      'dataSources.run': () => source.last_run!,
      'upload.import-csv': () => ({ data_source: source, run: source.last_run!, message: 'Import started.' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    await user.type(within(dialog).getByLabelText('Data source name'), 'Spring catalogue');
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      new File(['id,title\n1,A\n'], 'spring.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Import started.')).toBeTruthy();
    const upload = calls.find((c) => c.path === 'upload.import-csv')!;
    expect(upload.headers.get('x-feedloom-csrf')).toBe('1');
    const body = upload.input as Record<string, unknown>;
    expect(body.shop_id).toBe('s1');
    expect(body.data_source_name).toBe('Spring catalogue');
    expect((body.file as File).name).toBe('spring.csv');
    await waitFor(() => expect(router.state.location.pathname).toBe('/data-source/s1'));
    expect(router.state.location.search).toBe('?source=d1');
  });
});

describe('a data source name the store already has', () => {
  it('says near the name what a new name does, and shows the 409 under the name, keeping the popup open', async () => {
    const user = userEvent.setup();
    const taken = DATA_SOURCE_MSG.nameTaken('Main feed');
    const { calls } = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource({ data_source_name: 'Main feed' })]),
      'upload.import-csv': () => {
        throw new TrpcTestError('CONFLICT', taken, 409, { field: 'data_source_name' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    const name = within(dialog).getByLabelText('Data source name');
    // The help says what the name decides, next to the name (its description).
    expect(within(dialog).getByText(NEW_NAME_HELP)).toBeTruthy();
    expect(name.getAttribute('aria-describedby')).toContain(within(dialog).getByText(NEW_NAME_HELP).id);

    await user.type(name, 'main feed');
    await user.upload(within(dialog).getByLabelText('CSV file'), new File(['id,title\n1,A\n'], 'main.csv', { type: 'text/csv' }));
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));

    // The server's message under the name field, the field marked invalid and focused; no toast, the popup stays.
    const error = await within(dialog).findByText(taken);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(screen.getAllByText(taken)).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Import CSV' })).toBeTruthy();
    expect(calls.filter((c) => c.path === 'upload.import-csv')).toHaveLength(1);
  });

  it('an existing source’s popup says a file chosen there replaces its file', async () => {
    const user = userEvent.setup();
    renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource({ data_source_name: 'Main feed' })]),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Main feed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Main feed' });
    expect(within(dialog).getByText(EDIT_NAME_HELP)).toBeTruthy();
  });
});

describe('/data-source/{shop_id}', () => {
  const sourceWith = (run: ImportRun) => makeDataSource({ last_run: run });

  it('shows the run history with who ran it, the counts, duration, outcome and the error report', async () => {
    const runs = [
      makeRun(),
      makeRun({
        id: 'r0',
        trigger: 'schedule',
        triggered_by: null,
        status: 'failed',
        has_report: false,
        message: 'The URL did not answer in 30 s.',
      }),
    ];
    const { calls } = renderApp('/data-source/s1?source=d1', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource()]),
      'dataSources.get': () => makeDataSource(),
      'dataSources.runs': page(runs),
      'download.import-report': () => ({ text: 'row_number,column,message\r\n', fileName: 'report.csv' }),
    });
    const history = await screen.findByRole('table', { name: 'Import history of Spring catalogue' });
    const rows = await within(history).findAllByTestId('run-row');
    expect(within(rows[0]!).getByText('Mira Shah')).toBeTruthy();
    expect(within(rows[0]!).getByText('3.2 s')).toBeTruthy();
    expect(within(rows[0]!).getByText('Imported')).toBeTruthy();
    expect(within(rows[1]!).getByText('Schedule')).toBeTruthy();
    expect(within(rows[1]!).getByText('The URL did not answer in 30 s.')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Error report' })).toBeNull();
    URL.createObjectURL = vi.fn(() => 'blob:report');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Error report' }));
    // Through the gateway's download route, saved under the name the answer gives.
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'download.import-report')?.input).toEqual({ params: ['s1', 'r1'] }),
    );
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('report.csv');
    click.mockRestore();
  });

  it('shows a progress bar while the import runs, polling the run until it finishes', async () => {
    let polls = 0;
    const running = makeRun({
      status: 'running',
      rows_read: 40,
      rows_imported: 38,
      rows_rejected: 2,
      has_report: false,
    });
    renderApp('/data-source/s1?source=d1', {
      ...orgShopHandlers(session),
      'dataSources.find': page([sourceWith(running)]),
      'dataSources.get': () => sourceWith(running),
      'dataSources.runs': page([running]),
      'dataSources.run': () => {
        polls += 1;
        return polls < 2
          ? { ...running, rows_read: 80, rows_imported: 77, rows_rejected: 3 }
          : makeRun({ message: 'Imported 118 products, 2 rows rejected.' });
      },
    });
    const bar = await screen.findByRole('progressbar');
    await waitFor(() =>
      expect(bar.getAttribute('aria-valuetext')).toBe('80 rows read, 77 imported, 3 rejected'),
    );
    expect(within(screen.getByTestId('import-progress')).getByText('77')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 4000 });
    expect(await screen.findByText('Imported 118 products, 2 rows rejected.')).toBeTruthy();
    expect(polls).toBe(2);
  });

  it('says one product in the singular when a held import would remove the store’s only product', async () => {
    const held = makeRun({
      status: 'held',
      message: null,
      held: { would_remove: 1, shop_products: 1, threshold: 0.2, sample: ['SKU-1'] },
    });
    renderApp('/data-source/s1?source=d1', {
      ...orgShopHandlers(session),
      'dataSources.find': page([sourceWith(held)]),
      'dataSources.get': () => sourceWith(held),
      'dataSources.runs': page([held]),
    });
    const panel = await screen.findByRole('region', { name: 'This import is waiting for you' });
    expect(within(panel).getByText(/no longer lists 1 of the store’s 1 product \(100 %\)/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm removal' }));
    expect(await screen.findByRole('dialog', { name: 'Remove 1 product?' })).toBeTruthy();
  });

  it('explains a held import and confirms before removing the products', async () => {
    const held = makeRun({
      status: 'held',
      message: null,
      held: { would_remove: 300, shop_products: 1000, threshold: 0.2, sample: ['SKU-1', 'SKU-2'] },
    });
    const { calls } = renderApp('/data-source/s1?source=d1', {
      ...orgShopHandlers(session),
      'dataSources.find': page([sourceWith(held)]),
      'dataSources.get': () => sourceWith(held),
      'dataSources.runs': page([held]),
      'dataSources.confirm': () => ({
        message: '300 products removed.',
        data: { ...held, status: 'succeeded', held: null },
      }),
    });
    const panel = await screen.findByRole('region', { name: 'This import is waiting for you' });
    expect(
      within(panel).getByText(/no longer lists 300 of the store’s 1,000 products \(30 %\)/),
    ).toBeTruthy();
    expect(within(panel).getByText(/more than 20 % of a store’s products/)).toBeTruthy();
    expect(within(panel).getByText('SKU-1')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm removal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove 300 products?' });
    expect(calls.some((c) => c.path === 'dataSources.confirm')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove products' }));
    expect(await screen.findByText('300 products removed.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'dataSources.confirm')?.input).toEqual({
      shop_id: 's1',
      run_id: 'r1',
    });
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'This import is waiting for you' })).toBeNull(),
    );
  });
});
