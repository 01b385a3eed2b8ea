import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp } from '@/test/render';
import type { BulkDraft, BulkRun } from './bulk-rules';
import { COUNTS, makeProductPage, makeProductRow } from './fixtures';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const DRAFT: BulkDraft = {
  id: 'd1',
  name: 'Acme labels',
  selection: { kind: 'filter', tab: 'all', active_channel: 'free_listings', filters: '[]' },
  rules: [
    { field_name: 'custom_label0', isDeleteExistValue: 'add_update_value', value: 'Summer', type: 'text' },
  ],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const RUN: BulkRun = {
  id: 'r1',
  draft_name: 'Acme labels',
  selection: DRAFT.selection,
  rules: DRAFT.rules,
  status: 'succeeded',
  total: 40,
  processed: 40,
  changed: 38,
  message: '38 of 40 products changed.',
  triggered_by_name: 'Ann Lee',
  created_at: '2026-01-01T00:00:00.000Z',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
};

const handlers = (drafts: BulkDraft[]) => ({
  ...orgShopHandlers(session),
  'products.find': () => makeProductPage([makeProductRow()], { total_records: 40, total_products: 40 }),
  'products.counts': () => COUNTS,
  'productsBulk.drafts': () => drafts,
  'productsBulk.runs': () => [],
  'productsBulk.run': () => RUN,
  'productsBulk.discardDrafts': () => ({ message: 'Drafts discarded.', data: { discarded: drafts.length } }),
  'productsBulk.updateDraft': () => ({ message: 'Draft saved.', data: DRAFT }),
  'productsBulk.applyDraft': () => ({
    message: 'Bulk customisation started.',
    data: { ...RUN, status: 'queued' as const, processed: 0 },
  }),
});

describe('bulk customisation', () => {
  it('restores a saved draft, applies it and shows the run to the end', async () => {
    const { calls } = renderApp('/manage-products', handlers([DRAFT]));
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk customise' }));
    const panel = await screen.findByRole('region', { name: 'Bulk customisation' });
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'Acme labels' })).toBeTruthy());
    await userEvent.selectOptions(within(panel).getByLabelText('Draft'), 'd1');
    expect((within(panel).getByLabelText('Field 1') as HTMLSelectElement).value).toBe('custom_label0');
    expect((within(panel).getByLabelText('Custom label 0 value') as HTMLInputElement).value).toBe('Summer');
    expect(within(panel).getByTestId('bulk-selection').textContent).toBe(
      'All products matching advanced filter',
    );
    await userEvent.click(within(panel).getByRole('button', { name: 'Apply' }));
    expect(await within(panel).findByText('Done. 38 of 40 products changed.')).toBeTruthy();
    expect(within(panel).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(calls.find((c) => c.path === 'productsBulk.applyDraft')?.input).toEqual({
      shop_id: 's1',
      id: 'd1',
    });
  });

  it('asks before discarding drafts on cancel, with the spec buttons', async () => {
    const { calls } = renderApp('/manage-products', handlers([DRAFT]));
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk customise' }));
    const panel = await screen.findByRole('region', { name: 'Bulk customisation' });
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'Acme labels' })).toBeTruthy());
    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard drafts?' });
    expect(within(dialog).getByRole('button', { name: 'No, Keep Drafts' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes, Discard Drafts' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'productsBulk.discardDrafts')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk customisation' })).toBeNull());
  });

  it('asks to save unsaved changes when switching drafts, and to clear fields for a single-action field', async () => {
    const { calls } = renderApp('/manage-products', handlers([DRAFT, { ...DRAFT, id: 'd2', name: 'Other' }]));
    await userEvent.click(await screen.findByRole('button', { name: 'Bulk customise' }));
    const panel = await screen.findByRole('region', { name: 'Bulk customisation' });
    await waitFor(() => expect(within(panel).getByRole('option', { name: 'Other' })).toBeTruthy());
    await userEvent.selectOptions(within(panel).getByLabelText('Draft'), 'd1');
    await userEvent.type(within(panel).getByLabelText('Custom label 0 value'), ' sale');
    await userEvent.selectOptions(within(panel).getByLabelText('Draft'), 'd2');
    const ask = await screen.findByRole('dialog', { name: 'Save changes?' });
    expect(within(ask).getByRole('button', { name: 'No, Discard Changes' })).toBeTruthy();
    await userEvent.click(within(ask).getByRole('button', { name: 'Yes, Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.path === 'productsBulk.updateDraft')).toBe(true));

    await userEvent.click(within(panel).getByRole('button', { name: 'Add field' }));
    await userEvent.selectOptions(within(panel).getByLabelText('Field 2'), 'pause');
    const clear = await screen.findByRole('dialog', { name: 'Clear drafts?' });
    await userEvent.click(within(clear).getByRole('button', { name: 'Clear Drafts & Select' }));
    await waitFor(() => expect(within(panel).getAllByTestId('bulk-rule')).toHaveLength(1));
    expect((within(panel).getByLabelText('Field 1') as HTMLSelectElement).value).toBe('pause');
  });
});
