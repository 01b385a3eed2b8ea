import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrganization, makeShop, orgShopHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, TrpcTestError } from '@/test/render';

const first = makeSession({ business_name: 'Acme Outdoor', active_org_id: 'o1', active_shop_id: 's1' });
const second = makeSession({ business_name: 'Northwind', active_org_id: 'o2', active_shop_id: 's9' });
const organizations = [
  makeOrganization({ organization_object_id: 'o1', business_name: 'Acme Outdoor' }),
  makeOrganization({ organization_object_id: 'o2', business_name: 'Northwind', is_owner: false }),
];

describe('header organisation switcher', () => {
  it("lists the user's organisations; choosing one switches to it and opens /store-list with its shops", async () => {
    const user = userEvent.setup();
    let session = first;
    const { calls, router } = renderApp('/dashboard', {
      ...orgShopHandlers(first, { organizations }),
      'auth.session': () => session,
      'shops.find': () =>
        session === first
          ? { data: [makeShop({ id: 's1', shop_name: 'Acme Store' })], total_records: 1 }
          : { data: [makeShop({ id: 's9', shop_name: 'Northwind Shop' })], total_records: 1 },
      'organizations.switchOrganization': () => {
        session = second;
        return second;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Organisation: Acme Outdoor' }));
    expect(
      (await screen.findByRole('menuitemradio', { name: /Acme Outdoor/ })).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByRole('menuitemradio', { name: /Northwind/ }).getAttribute('aria-checked')).toBe(
      'false',
    );
    expect(screen.getByRole('menuitem', { name: 'Organisation Settings' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Create a New Organisation' })).toBeTruthy();
    await user.click(screen.getByRole('menuitemradio', { name: /Northwind/ }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/store-list'));
    expect(inputOf(calls, 'organizations.switchOrganization')).toEqual({ id: 'o2' });
    expect(await screen.findByRole('button', { name: 'Organisation: Northwind' })).toBeTruthy();
    expect(await screen.findByRole('rowheader', { name: 'Northwind Shop' })).toBeTruthy();
  });

  it('is not shown without an organisation, and falls back to the session name if the list fails', async () => {
    // A page that makes no calls of its own (the dashboard's would fail here, unstubbed).
    renderApp('/automated-rules', {
      ...orgShopHandlers(first, { organizations }),
      'organizations.find': () => {
        throw new TrpcTestError('BAD_REQUEST', 'nope', 400);
      },
    });
    expect(await screen.findByRole('button', { name: 'Organisation: Acme Outdoor' })).toBeTruthy();
    // The failing list stays silent: no snackbar interrupts the page.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('organisation list result', () => {
  it('an empty list clears the organisation: the session is re-read and the guards send the user to /process-org', async () => {
    let listed = false;
    const outside = makeSession({
      is_part_of_any_org: false,
      business_name: null,
      active_org_id: null,
      active_shop_id: null,
      permissions: [],
    });
    const { router } = renderApp('/store-list', {
      ...orgShopHandlers(first, { organizations }),
      // The gateway clears the cookie's organisation when it answers the empty list.
      'auth.session': () => (listed ? outside : first),
      'organizations.find': () => {
        listed = true;
        return [];
      },
      'organizations.pendingInvitations': () => [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/process-org'));
    expect(await screen.findByRole('heading', { name: 'How Would You Like to Proceed?' })).toBeTruthy();
  });
});

describe('header shop switcher', () => {
  it('shows the active shop and makes the chosen one active', async () => {
    const user = userEvent.setup();
    const shops = [
      makeShop({ id: 's1', shop_name: 'Acme Store' }),
      makeShop({ id: 's2', shop_name: 'Outlet', is_testing: true }),
    ];
    const { calls } = renderApp('/dashboard', {
      ...orgShopHandlers(first, { organizations, shops }),
      'shops.switchShop': (input) => ({
        message: 'Active store changed.',
        session: { ...first, active_shop_id: (input as { id: string }).id },
      }),
    });
    const select = (await screen.findByLabelText('Active store')) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe('s1'));
    expect(screen.getByRole('option', { name: 'Outlet (testing)' })).toBeTruthy();
    await user.selectOptions(select, 's2');
    await waitFor(() => expect(select.value).toBe('s2'));
    expect(inputOf(calls, 'shops.switchShop')).toEqual({ id: 's2' });
  });
});
