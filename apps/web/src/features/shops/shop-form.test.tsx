import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeShop, orgShopHandlers, referenceHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';

const session = makeSession();

describe('/add-store', () => {
  it('shows the store form with the spec labels', async () => {
    renderApp('/add-store', { ...orgShopHandlers(session), ...referenceHandlers() });
    expect(await screen.findByRole('heading', { name: 'Add Store' })).toBeTruthy();
    for (const label of [
      'Store Name',
      'Store URL',
      'Currency',
      'Timezone',
      'Default condition',
      'Testing store',
    ]) {
      expect(screen.getByLabelText(label), label).toBeTruthy();
    }
    // A new store's products without a condition are new unless the merchant says otherwise.
    const condition = screen.getByLabelText('Default condition') as HTMLSelectElement;
    expect(condition.value).toBe('new');
    expect([...condition.options].map((o) => o.text)).toEqual([
      'Select a condition',
      'New',
      'Refurbished',
      'Used',
    ]);
    expect(
      screen.getByText(
        'Fills the condition of products whose source gives none. A product can still have its own, set on its page.',
      ).id,
    ).toBe(condition.getAttribute('aria-describedby'));
    expect(await screen.findByRole('option', { name: 'EUR – Euro' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save Store' })).toBeTruthy();
  });

  it('says what is wrong with the spec messages', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp('/add-store', {
      ...orgShopHandlers(session),
      ...referenceHandlers(),
      'reference.timezones': () => [],
    });
    await user.click(await screen.findByRole('button', { name: 'Save Store' }));
    expect(await screen.findByText('Store name is required.')).toBeTruthy();
    expect(screen.getByText('Store URL is required.')).toBeTruthy();
    expect(screen.getByText('Currency is required.')).toBeTruthy();
    expect(screen.getByText('Timezone is required.')).toBeTruthy();
    await user.type(screen.getByLabelText('Store URL'), 'shop.example.com');
    expect(
      await screen.findByText('Please enter a valid URL (for example https://example.com).'),
    ).toBeTruthy();
    expect(calls.some((c) => c.path === 'shops.create')).toBe(false);
  });

  it('adds the store: the timezone sets the UTC offset; then /store-list with the server message', async () => {
    const user = userEvent.setup();
    const created = makeShop({ id: 's9', shop_name: 'Berlin Boutique' });
    const after = makeSession({ active_shop_id: 's9', shops_count: 1 });
    const { calls, router } = renderApp('/add-store', {
      ...orgShopHandlers(session, { shops: [created] }),
      ...referenceHandlers(),
      'shops.create': () => ({ message: 'Store added successfully.', shop: created, session: after }),
    });
    await user.type(await screen.findByLabelText('Store Name'), 'Berlin Boutique');
    await user.type(screen.getByLabelText('Store URL'), 'https://berlin.example.com');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'EUR');
    await screen.findByRole('option', { name: '(UTC+01:00) Europe/Berlin' });
    await user.selectOptions(screen.getByLabelText('Timezone'), 'Europe/Berlin');
    await user.click(screen.getByLabelText('Testing store'));
    await user.click(screen.getByRole('button', { name: 'Save Store' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(inputOf(calls, 'shops.create')).toEqual({
      shop_name: 'Berlin Boutique',
      shop_url: 'https://berlin.example.com',
      shop_currency: 'EUR',
      shop_timezone: 'Europe/Berlin',
      utc_offset: '+01:00',
      is_testing: true,
      default_condition: 'new',
    });
    expect((await screen.findByRole('status')).textContent).toContain('Store added successfully.');
    expect(await screen.findByRole('rowheader', { name: 'Berlin Boutique' })).toBeTruthy();
  });
});

describe('server errors on the store form', () => {
  const fillAndSave = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByLabelText('Store Name'), 'Berlin Boutique');
    await user.type(screen.getByLabelText('Store URL'), 'https://berlin.example.com');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'EUR');
    await screen.findByRole('option', { name: '(UTC+01:00) Europe/Berlin' });
    await user.selectOptions(screen.getByLabelText('Timezone'), 'Europe/Berlin');
    await user.click(screen.getByRole('button', { name: 'Save Store' }));
  };

  it('puts an error naming a field under that input, not in the snackbar', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/add-store', {
      ...orgShopHandlers(session),
      ...referenceHandlers(),
      'shops.create': () => {
        throw new TrpcTestError('CONFLICT', 'A store with this URL already exists.', 409, {
          field: 'shop_url',
        });
      },
    });
    await fillAndSave(user);
    const message = await screen.findByText('A store with this URL already exists.');
    expect(message.parentElement?.textContent).toContain('Store URL');
    expect(screen.getByLabelText('Store URL').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('snackbar')?.textContent ?? '').not.toContain('already exists');
    expect(router.state.location.pathname).toBe('/add-store');
  });

  it('shows an error naming no field in the snackbar', async () => {
    const user = userEvent.setup();
    renderApp('/add-store', {
      ...orgShopHandlers(session),
      ...referenceHandlers(),
      'shops.create': () => {
        throw new TrpcTestError('BAD_REQUEST', 'Stores cannot be added right now.', 400);
      },
    });
    await fillAndSave(user);
    expect((await screen.findByTestId('snackbar')).textContent).toContain(
      'Stores cannot be added right now.',
    );
    expect(screen.getByLabelText('Store URL').getAttribute('aria-invalid')).toBe('false');
  });
});

describe('/store-list/edit/{shop_id}', () => {
  it('loads the store, saves the change and returns to the list', async () => {
    const user = userEvent.setup();
    const shop = makeShop({
      id: 's1',
      shop_name: 'Acme Store',
      shop_timezone: 'Asia/Kolkata',
      utc_offset: '+05:30',
      shop_currency: 'USD',
      default_condition: 'refurbished',
    });
    const { calls, router } = renderApp('/store-list/edit/s1', {
      ...orgShopHandlers(session, { shops: [shop] }),
      ...referenceHandlers(),
      'shops.get': () => shop,
      'shops.update': (input) => ({
        message: 'Store updated successfully.',
        shop: { ...shop, ...(input as { data: object }).data },
      }),
    });
    const name = (await screen.findByLabelText('Store Name')) as HTMLInputElement;
    expect(name.value).toBe('Acme Store');
    await waitFor(() =>
      expect((screen.getByLabelText('Timezone') as HTMLSelectElement).value).toBe('Asia/Kolkata'),
    );
    await user.clear(name);
    await user.type(name, 'Acme Flagship');
    // The store's default condition as saved, changed to used.
    expect((screen.getByLabelText('Default condition') as HTMLSelectElement).value).toBe('refurbished');
    await user.selectOptions(screen.getByLabelText('Default condition'), 'Used');
    await user.click(screen.getByRole('button', { name: 'Save Store' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(inputOf(calls, 'shops.update')).toMatchObject({
      id: 's1',
      data: {
        shop_name: 'Acme Flagship',
        shop_timezone: 'Asia/Kolkata',
        utc_offset: '+05:30',
        default_condition: 'used',
      },
    });
  });

  it('says so for a store that is not in the organisation', async () => {
    renderApp('/store-list/edit/zz', {
      ...orgShopHandlers(session),
      ...referenceHandlers(),
      'shops.get': () => {
        throw new TrpcTestError('NOT_FOUND', 'Store not found.', 404);
      },
    });
    expect(await screen.findByText('This store could not be found in your organisation.')).toBeTruthy();
  });
});

describe('/store-list/{shop_id}', () => {
  it('shows the details, info and statistics, and can make it the current store', async () => {
    const user = userEvent.setup();
    const shop = makeShop({ id: 's2', shop_name: 'Outlet', is_testing: true });
    const { calls } = renderApp('/store-list/s2', {
      ...orgShopHandlers(makeSession({ active_shop_id: 's1' }), { shops: [makeShop(), shop] }),
      'shops.info': () => ({
        ...shop,
        business_name: 'Acme Outdoor',
        connected_channels: [],
        total_products: 0,
      }),
      'shops.switchShop': () => ({
        message: 'Active store changed.',
        session: makeSession({ active_shop_id: 's2' }),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'Outlet' })).toBeTruthy();
    expect(screen.getByText('No channels connected yet')).toBeTruthy();
    expect(screen.getByText('Organisation').nextSibling?.textContent).toBe('Acme Outdoor');
    expect(screen.getByText('Default condition').nextSibling?.textContent).toBe('New');
    expect(screen.getByRole('link', { name: 'Edit Store' }).getAttribute('href')).toBe('/store-list/edit/s2');
    await user.click(screen.getByRole('button', { name: 'Make Current Store' }));
    expect(await screen.findByText('Current store')).toBeTruthy();
    expect(inputOf(calls, 'shops.switchShop')).toEqual({ id: 's2' });
  });
});
