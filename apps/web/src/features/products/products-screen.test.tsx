import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp } from '@/test/render';
import { COUNTS, makeProductDetail, makeProductPage, makeProductRow } from './fixtures';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const ISSUE = {
  code: 'missing_required',
  severity: 'error' as const,
  attribute: 'description',
  message: 'Description is missing: add one.',
  layer: 'source' as const,
  item_id: 'SKU-2',
  origin: 'feedloom' as const,
};
const rows = [
  makeProductRow(),
  makeProductRow({
    id: 2,
    offer_id: 'SKU-2',
    title: 'Red shirt',
    status: 'error',
    icon_state: 'errors',
    error_count: 1,
    issues: [ISSUE],
  }),
];

describe('/manage-products', () => {
  it('shows tabs with counts, the products, and sends the address state to the api', async () => {
    const { calls } = renderApp(
      '/manage-products?tab=error&active_channel=bing_ads&sort_col=brand&order=-1',
      {
        ...orgShopHandlers(session),
        'products.find': () => makeProductPage(rows, { total_records: 7, total_products: 120 }),
        'products.counts': () => COUNTS,
      },
    );
    const table = await screen.findByRole('table', { name: 'Products on Bing ads, Error tab' });
    expect((await within(table).findByRole('link', { name: 'Red shirt' })).getAttribute('href')).toBe(
      '/manage-products/detail/2?tab=error&active_channel=bing_ads&sort_col=brand&order=-1',
    );
    expect(await screen.findByRole('tab', { name: /Error\s*7/ })).toBeTruthy();
    expect(screen.getByText('7 of 120 products')).toBeTruthy();
    // Every tab controls the list panel that is rendered, labelled by the active tab.
    const panel = screen.getByRole('tabpanel');
    expect(panel.contains(table)).toBe(true);
    for (const tab of screen.getAllByRole('tab')) expect(tab.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: /Error\s*7/ }).id);

    expect(screen.getByRole('button', { name: 'Bing ads' }).getAttribute('aria-current')).toBe('page');
    expect((screen.getByLabelText('Sort products') as HTMLSelectElement).value).toBe('brand:-1');
    expect(calls.find((c) => c.path === 'products.find')?.input).toEqual({
      shop_id: 's1',
      page: 1,
      limit: 25,
      tab: 'error',
      active_channel: 'bing_ads',
      sort_col: 'brand',
      order: -1,
    });
  });

  it('narrows the list to one issue from the address (a dashboard top-issue link), shown as a removable chip', async () => {
    const { calls } = renderApp(
      '/manage-products?active_channel=free_listings&tab=all&issue_code=missing_required&issue_attribute=description',
      {
        ...orgShopHandlers(session),
        'products.find': () => makeProductPage(rows, { total_records: 1, total_products: 120 }),
        'products.counts': () => COUNTS,
      },
    );
    const chip = await screen.findByRole('group', { name: 'Issue filter' });
    expect(within(chip).getByText(/missing required · description/)).toBeTruthy();
    const finds = () => calls.filter((c) => c.path === 'products.find');
    await waitFor(() => expect(finds().length).toBeGreaterThan(0));
    expect(finds()[0]!.input).toMatchObject({
      tab: 'all',
      issue_code: 'missing_required',
      issue_attribute: 'description',
    });
    await userEvent.click(
      within(chip).getByRole('button', { name: 'Remove the issue filter missing required · description' }),
    );
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Issue filter' })).toBeNull());
    await waitFor(() => expect(finds().at(-1)!.input).not.toHaveProperty('issue_code'));
    expect(finds().at(-1)!.input).not.toHaveProperty('issue_attribute');
  });

  it('marks the sidebar channels whose channel is off and keeps their statuses', async () => {
    renderApp('/manage-products?active_channel=bing_ads', {
      ...orgShopHandlers(session),
      'products.find': () => makeProductPage(rows, { google_enabled: true, bing_enabled: false, fb_enabled: true }),
      'products.counts': () => COUNTS,
    });
    await screen.findByRole('table', { name: 'Products on Bing ads, All tab' });
    const bing = screen.getByRole('button', { name: 'Bing ads' });
    await waitFor(() => expect(bing.getAttribute('title')).not.toBeNull());
    expect(bing.getAttribute('title')).toMatch(/^Bing ads: not connected, or its submissions are off/);
    expect(bing.textContent).toBe('Bing adsoff');
    expect(screen.getByRole('button', { name: 'Meta ads' }).getAttribute('title')).toBeNull();
    expect(screen.getByRole('button', { name: 'Free listings' }).getAttribute('title')).toBeNull();
    expect(await screen.findByRole('tab', { name: /Error\s*\d/ })).toBeTruthy();
  });

  it('opens the product errors popup with each issue, its layer and how to fix it', async () => {
    renderApp('/manage-products', {
      ...orgShopHandlers(session),
      'products.find': () => makeProductPage(rows),
      'products.counts': () => COUNTS,
    });
    await userEvent.click(await screen.findByRole('button', { name: '1 error, 0 warnings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issues of Red shirt' });
    expect(within(dialog).getByText('Description is missing: add one.')).toBeTruthy();
    expect(within(dialog).getByText('Layer: Source')).toBeTruthy();
    expect(within(dialog).getByText(/Comes from the data source/)).toBeTruthy();
  });

  it("names each row's state in the tabs' words, and an issue the channel found as the channel's", async () => {
    const crawl = {
      ...ISSUE,
      code: 'google:price_mismatch',
      attribute: 'price',
      message: 'The price on your landing page differs from the price in your product data.',
      origin: 'channel' as const,
    };
    renderApp('/manage-products', {
      ...orgShopHandlers(session),
      'products.find': () =>
        makeProductPage([
          makeProductRow({ id: 3, title: 'Live tee', status: 'published', icon_state: 'submitted' }),
          makeProductRow({ id: 4, title: 'Tee in sizes', status: 'published', icon_state: 'submitted_with_variants', variant_count: 2 }),
          makeProductRow({ id: 5, title: 'Sent tee', status: 'submitted', icon_state: 'submitted' }),
          makeProductRow({
            id: 6,
            title: 'Crawled tee',
            status: 'disapproved',
            icon_state: 'disapproved',
            error_count: 1,
            issues: [crawl],
          }),
        ]),
      'products.counts': () => COUNTS,
    });
    const table = await screen.findByRole('table', { name: 'Products on Free listings, All tab' });
    const rowOf = (title: string) => within(table).getByRole('link', { name: title }).closest('tr')!;
    await within(table).findByRole('link', { name: 'Live tee' });
    expect(within(rowOf('Live tee')).getByText('Published')).toBeTruthy();
    expect(within(rowOf('Tee in sizes')).getByText('Published (variants)')).toBeTruthy();
    expect(within(rowOf('Sent tee')).getByText('Submitted')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Published/ })).toBeTruthy();

    await userEvent.click(within(rowOf('Crawled tee')).getByRole('button', { name: '1 error, 0 warnings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issues of Crawled tee' });
    expect(within(dialog).getByText('Reported by Google')).toBeTruthy();
    expect(within(dialog).queryByText(/^Layer:/)).toBeNull();
    expect(within(dialog).getByText(/Found by Google in its own review/)).toBeTruthy();
  });

  it('moves to the next page by keyset and checks filter rows with the spec messages', async () => {
    const { calls } = renderApp('/manage-products?limit=5', {
      ...orgShopHandlers(session),
      'products.find': () => makeProductPage(rows, { total_records: 12, limit: 5 }),
      'products.counts': () => COUNTS,
      'products.filterOptions': () => ({
        fields: [
          {
            field_name: 'price',
            label: 'Price',
            type: 'number',
            operators: ['equals', 'greater_than'],
            options: null,
            units: null,
          },
        ],
      }),
    });
    await screen.findByRole('link', { name: 'Red shirt' });
    await userEvent.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'products.find').at(-1)?.input).toMatchObject({
        page: 2,
        last_internal_product_id: 2,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Advanced filter' }));
    await userEvent.selectOptions(await screen.findByLabelText('Row 1 condition 1 field'), 'price');
    await userEvent.selectOptions(screen.getByLabelText('Row 1 condition 1 operator'), 'greater_than');
    await userEvent.type(screen.getByLabelText('Row 1 condition 1 value'), '1e3');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    expect(
      await screen.findByText('Enter a positive number without exponent notation (for example 12.5).'),
    ).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Row 1 condition 1 value'));
    await userEvent.type(screen.getByLabelText('Row 1 condition 1 value'), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filter' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'products.find').at(-1)?.input).toMatchObject({
        page: 1,
        filters: JSON.stringify([
          { row: [{ field_name: 'price', operator: 'greater_than', value: '20', unit: null }] },
        ]),
      }),
    );
  });

  it('says when a view has no product', async () => {
    renderApp('/manage-products?search=zzz', {
      ...orgShopHandlers(session),
      'products.find': () => makeProductPage([]),
      'products.counts': () => COUNTS,
    });
    expect(await screen.findByText('No product matches this view')).toBeTruthy();
  });
});

describe('/manage-products/detail/:id', () => {
  it('shows source and override badges, refuses an empty title with the spec message, and resets a field', async () => {
    const { calls } = renderApp('/manage-products/detail/1?tab=error', {
      ...orgShopHandlers(session),
      'products.get': () => makeProductDetail(),
      'products.find': () => makeProductPage([]),
      'products.update': () => ({
        message: 'Fields reset to their source values.',
        data: makeProductDetail(),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Blue shirt' })).toBeTruthy();
    expect(screen.getByText('Add a description.')).toBeTruthy();
    const title = screen.getByLabelText('Title');
    await userEvent.clear(title);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Title is required.')).toBeTruthy();
    expect(calls.some((c) => c.path === 'products.update')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Reset Brand to source' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === 'products.update')?.input).toEqual({
        shop_id: 's1',
        product_id: 1,
        data: { reset_to_source: ['brand'] },
      }),
    );
    expect(screen.getByText('Source: Acme')).toBeTruthy();
    expect(calls.find((c) => c.path === 'products.find')?.input).toMatchObject({
      tab: 'error',
      use_case: 'product_detail',
      limit: 1,
    });
  });
});
