import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import type { RouterOutputs } from '@/lib/trpc';
import { makeSession, renderApp, TrpcTestError } from '@/test/render';
import { makeDataSource } from './fixtures';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const page =
  <T,>(data: T[]) =>
  () => ({ data, total_records: data.length });

// The screen is a lazy route: load its module once up front, so the first test's waits measure the screen,
// not the cold transform of the module graph on a busy machine.
beforeAll(() => import('./data-sources-screen'), 60_000);

let click: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:file');
  URL.revokeObjectURL = vi.fn();
  click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => click.mockRestore());

describe('export field customise popup', () => {
  const open = async (handlers: Parameters<typeof renderApp>[1] = {}) => {
    const view = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource()]),
      ...handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    return { ...view, dialog: await screen.findByRole('dialog', { name: 'Export CSV' }) };
  };

  it('exports the chosen fields of type 1 through the download route and saves the file', async () => {
    const { dialog, calls } = await open({
      'download.export-csv': () => ({ text: 'id,variant_id,description\r\n', fileName: 'products-1.csv' }),
    });
    expect(within(dialog).getByRole('radio', { name: 'Title, description and product type' })).toHaveProperty(
      'checked',
      true,
    );
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Title' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Product type' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('products-1.csv downloaded.')).toBeTruthy();
    const call = calls.find((c) => c.path === 'download.export-csv')!;
    expect(call.input).toEqual({
      params: [],
      body: { shop_id: 's1', report_type: 1, fields: ['description'] },
    });
    expect(call.headers?.get('x-feedloom-csrf')).toBe('1');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('products-1.csv');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export CSV' })).toBeNull());
  });

  it('asks for at least one field, and sends type 2 without fields', async () => {
    const { dialog, calls } = await open({
      'download.export-csv': () => ({ text: 'id\r\n', fileName: 'products-2.csv' }),
    });
    for (const name of ['Title', 'Description', 'Product type']) {
      await userEvent.click(within(dialog).getByRole('checkbox', { name }));
    }
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose at least one field to export.');
    expect(calls.some((c) => c.path === 'download.export-csv')).toBe(false);

    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Product highlights and detail attributes' }),
    );
    expect(within(dialog).queryByRole('checkbox', { name: 'Title' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'download.export-csv')?.input).toEqual({
        params: [],
        body: { shop_id: 's1', report_type: 2 },
      }),
    );
  });

  it("shows the server's refusal and keeps the popup open", async () => {
    const { dialog } = await open({
      'download.export-csv': () => {
        throw new TrpcTestError('NOT_FOUND', 'Store not found.', 404);
      },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Store not found.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Export CSV' })).toBeTruthy();
    expect(click).not.toHaveBeenCalled();
  });

  it('downloads the sample CSV from the import popup', async () => {
    const { calls } = await open({
      'download.sample-csv': () => ({ text: 'id,title\r\n', fileName: 'feedloom-sample.csv' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Import CSV' })[0]!);
    const importDialog = await screen.findByRole('dialog', { name: 'Import CSV' });
    await userEvent.click(within(importDialog).getByRole('button', { name: 'Download sample CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'download.sample-csv')?.input).toEqual({ params: [] });
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('feedloom-sample.csv');
  });
});

const MAPPING: RouterOutputs['dataSources']['mapping'] = {
  data_source_id: 'd1',
  format: 'google',
  columns: [
    { header: 'id', target: 'id', suggested: 'id', next: 'id' },
    { header: 'title', target: 'title', suggested: 'title', next: 'title' },
    { header: 'fabric', target: 'custom:fabric', suggested: 'custom:fabric', next: 'custom:fabric' },
  ],
  targets: [
    { target: 'id', label: 'Id', kind: 'field' },
    { target: 'title', label: 'Title', kind: 'field' },
    { target: 'material', label: 'Material', kind: 'field' },
  ],
};

describe('column mapping review', () => {
  const open = async (handlers: Parameters<typeof renderApp>[1] = {}, permissions?: string[]) => {
    const s = permissions ? makeSession({ ...session, permissions }) : session;
    const view = renderApp('/data-source/s1?source=d1', {
      ...orgShopHandlers(s),
      'dataSources.find': page([makeDataSource()]),
      'dataSources.get': () => makeDataSource(),
      'dataSources.runs': page([]),
      'dataSources.mapping': () => MAPPING,
      ...handlers,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Column mapping' }));
    const dialog = await screen.findByRole('dialog', { name: 'Column mapping of Spring catalogue' });
    await within(dialog).findByRole('combobox', { name: 'fabric' });
    return { ...view, dialog };
  };

  it('shows each header and its field, and saves a change', async () => {
    const { dialog, calls } = await open({
      'dataSources.saveMapping': (input) => ({
        message: 'Column mapping saved. It applies from the next import.',
        data: {
          ...MAPPING,
          columns: MAPPING.columns.map((c) => ({ ...c, next: input.mapping[c.header] ?? c.next })),
        },
      }),
    });
    expect(within(dialog).getByText('Recognised as: Google product feed')).toBeTruthy();
    const fabric = within(dialog).getByRole('combobox', { name: 'fabric' }) as HTMLSelectElement;
    expect(fabric.value).toBe('custom:fabric');
    expect(within(dialog).getAllByText('Last import: Custom attribute')).toHaveLength(1);
    await userEvent.selectOptions(fabric, 'Material');
    await userEvent.selectOptions(
      within(dialog).getByRole('combobox', { name: 'title' }),
      'Ignore this column',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    expect(await screen.findByText('Column mapping saved. It applies from the next import.')).toBeTruthy();
    expect(calls.find((c) => c.path === 'dataSources.saveMapping')?.input).toEqual({
      shop_id: 's1',
      id: 'd1',
      mapping: { id: 'id', title: 'skip', fabric: 'material' },
    });
  });

  it("puts the api's refusal under the column it names", async () => {
    const message =
      '"title" and "fabric" are both mapped to Title. A product field takes one column: map one of them elsewhere.';
    const { dialog } = await open({
      'dataSources.saveMapping': () => {
        throw new TrpcTestError('BAD_REQUEST', message, 400, { field: 'mapping.fabric' });
      },
    });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'fabric' }), 'Title');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save mapping' }));
    const fabric = within(dialog).getByRole('combobox', { name: 'fabric' });
    await waitFor(() => expect(fabric.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText(message)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(fabric));
  });

  it('lets a reader look without changing anything', async () => {
    const { dialog } = await open({}, ['data_source_management']);
    expect(within(dialog).queryByRole('button', { name: 'Save mapping' })).toBeNull();
    // Disabled through its fieldset.
    expect(within(dialog).getByRole('combobox', { name: 'fabric' }).matches(':disabled')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('import update CSV', () => {
  it('refuses a file that is not CSV, then sends the file with its type and shows the outcome', async () => {
    const { calls } = renderApp('/data-sources', {
      ...orgShopHandlers(session),
      'dataSources.find': page([makeDataSource()]),
      'upload.import-update-csv': () => ({
        report_type: 2,
        rows_read: 3,
        rows_updated: 2,
        rows_rejected: 1,
        rows_unknown: 0,
        errors_csv: 'row_number,column,message\r\n3,highlight_1,Too long\r\n',
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Import update CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import update CSV' });
    const input = within(dialog).getByLabelText('CSV file');
    await userEvent.upload(input, new File(['x'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('Only CSV files are allowed.');
    await userEvent.click(
      within(dialog).getByRole('radio', { name: 'Product highlights and detail attributes' }),
    );
    await userEvent.upload(input, new File(['id,highlight_1\r\n'], 'custom.csv', { type: 'text/csv' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const outcome = await within(dialog).findByLabelText('Import update outcome');
    expect(outcome.textContent).toContain('Products updated2');
    expect(outcome.textContent).toContain('Rows rejected1');
    const sent = calls.find((c) => c.path === 'upload.import-update-csv')!;
    expect(sent.input).toMatchObject({ shop_id: 's1', report_type: '2' });
    expect((sent.input as { file: File }).file.name).toBe('custom.csv');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download the rejected rows' }));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('import-update-errors.csv');
  });

  it('is not offered to a reader', async () => {
    renderApp('/data-sources', {
      ...orgShopHandlers(makeSession({ ...session, permissions: ['data_source_management'] })),
      'dataSources.find': page([makeDataSource()]),
    });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import update CSV' })).toBeNull();
  });
});
