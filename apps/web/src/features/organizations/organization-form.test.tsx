import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeOrganization, orgShopHandlers, referenceHandlers } from '@/test/org-handlers';
import { inputOf, makeSession, renderApp, type TrpcHandlers } from '@/test/render';

const ownerSession = makeSession();
const ownedOrg = makeOrganization({
  business_name: 'Acme Outdoor',
  business_email: 'ops@acme.example.com',
  business_url: 'https://acme.example.com',
  phone_code: '+1',
  phone_number: '2125550123',
  country: 'United States',
  state: 'New York',
  city: 'New York',
  address_1: '1 Main Street',
  zipcode: '10001',
});
const {
  role_name: _r,
  permissions: _p,
  shop_id: _s,
  shop_object_id: _so,
  shops_count: _c,
  ...ownedEntity
} = ownedOrg;

const ownerHandlers = (overrides: TrpcHandlers = {}) => ({
  ...orgShopHandlers(ownerSession, { organizations: [ownedOrg] }),
  ...referenceHandlers(),
  'organizations.get': () => ownedEntity,
  ...overrides,
});

describe('/update-org for the owner', () => {
  it('shows a placeholder while loading, then the settings with the spec labels, at most 746px wide', async () => {
    renderApp('/update-org', ownerHandlers());
    expect(await screen.findByTestId('organization-form-skeleton')).toBeTruthy();
    expect(await screen.findByLabelText(/^Business Name/)).toBeTruthy();
    expect(screen.queryByTestId('organization-form-skeleton')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Organisation Settings' })).toBeTruthy();
    for (const label of [
      'Business Name',
      'Website URL',
      'Business Email',
      'Address 1',
      'Address 2',
      'Phone code',
      'Phone Number',
      'Business Location',
      'State/Province',
      'City',
      'Zipcode',
      'Emergency Developer Email Address',
    ]) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace('/', '\\/')}`)), label).toBeTruthy();
    }
    expect((screen.getByLabelText(/^Business Name/) as HTMLInputElement).value).toBe('Acme Outdoor');
    await waitFor(() =>
      expect((screen.getByLabelText('State/Province') as HTMLSelectElement).value).toBe('New York'),
    );
    // A neutral example, not the app's own host.
    expect(screen.getByText('Example: https://www.example.com')).toBeTruthy();
    expect(screen.queryByText(`Example: ${window.location.origin}`)).toBeNull();
    expect(
      screen.getByRole('heading', { name: 'Organisation Settings' }).closest('section')?.className,
    ).toContain('max-w-content');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('shows the country the saved phone number belongs to, and stores its dialling code on change', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/update-org',
      ownerHandlers({
        'organizations.update': (input) => ({
          message: 'Organisation updated successfully.',
          organization: { ...ownedEntity, ...(input as { data: object }).data },
        }),
      }),
    );
    const code = await screen.findByLabelText<HTMLSelectElement>('Phone code');
    // +1 is shared by Canada and the United States (and more): a New York number is American.
    await waitFor(() => expect(code.value).toBe('US'));
    await user.selectOptions(code, 'IN');
    const number = screen.getByLabelText('Phone Number');
    await user.clear(number);
    await user.type(number, '9876543210');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByRole('status');
    expect(inputOf(calls, 'organizations.update')).toMatchObject({
      data: { phone_code: '+91', phone_number: '9876543210' },
    });
  });

  it('requires the address of the owner and checks the zipcode with the spec message; Save is disabled while invalid', async () => {
    const user = userEvent.setup();
    renderApp('/update-org', ownerHandlers());
    const zipcode = await screen.findByLabelText(/^Zipcode/);
    const save = screen.getByRole('button', { name: 'Save Settings' });
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));

    await user.clear(zipcode);
    await user.type(zipcode, 'AB#12');
    expect(
      await screen.findByText('Zipcode can only contain letters, numbers, spaces, or hyphens.'),
    ).toBeTruthy();
    expect((save as HTMLButtonElement).disabled).toBe(true);

    await user.clear(screen.getByLabelText(/^Address 1/));
    expect(await screen.findByText('Address 1 is required.')).toBeTruthy();
    await user.clear(screen.getByLabelText(/^City/));
    expect(await screen.findByText('City is required.')).toBeTruthy();
  });

  it('validates a loaded organisation on mount', async () => {
    renderApp(
      '/update-org',
      ownerHandlers({ 'organizations.get': () => ({ ...ownedEntity, address_1: null, zipcode: null }) }),
    );
    expect(await screen.findByText('Address 1 is required.')).toBeTruthy();
    expect(screen.getByText('Zipcode must be at least 2 characters long.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clears the state and reloads its list when the country changes; no list without a country', async () => {
    const user = userEvent.setup();
    renderApp('/update-org', ownerHandlers());
    const state = (await screen.findByLabelText('State/Province')) as HTMLSelectElement;
    await waitFor(() => expect(state.value).toBe('New York'));

    await user.selectOptions(screen.getByLabelText('Business Location'), 'India');
    expect(state.value).toBe('');
    expect(await screen.findByRole('option', { name: 'Maharashtra' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'California' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Business Location'), '');
    expect(state.disabled).toBe(true);
    expect(screen.queryByRole('option', { name: 'Maharashtra' })).toBeNull();
  });

  it('saves and shows the server message; a new name refreshes the organisation list', async () => {
    const user = userEvent.setup();
    const { calls } = renderApp(
      '/update-org',
      ownerHandlers({
        'organizations.update': (input) => ({
          message: 'Organisation updated successfully.',
          organization: { ...ownedEntity, ...(input as { data: object }).data },
        }),
      }),
    );
    const name = await screen.findByLabelText(/^Business Name/);
    await user.clear(name);
    await user.type(name, 'Acme Outfitters');
    const listCallsBefore = calls.filter((c) => c.path === 'organizations.find').length;
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    expect((await screen.findByRole('status')).textContent).toContain('Organisation updated successfully.');
    const update = calls.find((c) => c.path === 'organizations.update');
    expect(update?.input).toMatchObject({
      id: 'o1',
      data: {
        business_name: 'Acme Outfitters',
        zipcode: '10001',
        country: 'United States',
        state: 'New York',
      },
    });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === 'organizations.find').length).toBeGreaterThan(listCallsBefore),
    );
  });
});

describe('creating an organisation', () => {
  const memberSession = makeSession({ business_name: 'Acme Outdoor' });
  const memberOrg = makeOrganization({ is_owner: false, role_name: 'Viewer' });

  it('a non-owner at /update-org gets the create form: address optional, email defaults to theirs', async () => {
    renderApp('/update-org', {
      ...orgShopHandlers(memberSession, { organizations: [memberOrg] }),
      ...referenceHandlers(),
    });
    expect(await screen.findByRole('heading', { name: 'Create a New Organisation' })).toBeTruthy();
    expect((screen.getByLabelText(/^Business Email/) as HTMLInputElement).value).toBe('merchant@example.com');
    expect((screen.getByLabelText(/^Business Name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('creates, selects the new organisation without the store list, and goes to /add-store', async () => {
    const user = userEvent.setup();
    const newSession = makeSession({ business_name: 'Fresh Goods', active_org_id: 'o2' });
    let switched = false;
    const { calls, router } = renderApp('/create-org', {
      ...orgShopHandlers(memberSession, { organizations: [memberOrg] }),
      ...referenceHandlers(),
      'auth.session': () => (switched ? newSession : memberSession),
      'organizations.create': (input) => ({
        message: 'Organisation created successfully.',
        organization: { ...makeOrganization({ organization_object_id: 'o2' }), ...(input as object) },
      }),
      'organizations.switchOrganization': () => {
        switched = true;
        return newSession;
      },
      'reference.timezones': () => [],
    });
    await user.type(await screen.findByLabelText(/^Business Name/), 'Fresh Goods');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement).disabled).toBe(
        false,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/add-store'));
    expect(inputOf(calls, 'organizations.create')).toMatchObject({
      business_name: 'Fresh Goods',
      business_email: 'merchant@example.com',
      phone_code: '+91',
    });
    expect(inputOf(calls, 'organizations.switchOrganization')).toEqual({ id: 'o2' });
    expect(calls.some((c) => c.path === 'shops.find')).toBe(false);
    expect((await screen.findByRole('status')).textContent).toContain('Organisation created successfully.');
  });

  it('goes to /complete-profile after creating when the profile is not created yet', async () => {
    const user = userEvent.setup();
    const noProfile = makeSession({
      is_part_of_any_org: false,
      business_name: null,
      active_org_id: null,
      profile_created: false,
      permissions: [],
    });
    const { router } = renderApp('/create-org', {
      ...referenceHandlers(),
      'auth.session': () => noProfile,
      'organizations.create': () => ({
        message: 'Organisation created successfully.',
        organization: makeOrganization({ organization_object_id: 'o2' }),
      }),
      'organizations.switchOrganization': () => ({
        ...noProfile,
        is_part_of_any_org: true,
        active_org_id: 'o2',
      }),
    });
    await user.type(await screen.findByLabelText(/^Business Name/), 'Fresh Goods');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
  });

  it('Cancel goes back one step', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/process-org', {
      ...referenceHandlers(),
      'auth.session': () =>
        makeSession({ is_part_of_any_org: false, business_name: null, active_org_id: null, permissions: [] }),
      'organizations.pendingInvitations': () => [],
    });
    await user.click(await screen.findByRole('link', { name: 'Create a New Organisation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create-org'));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/process-org'));
  });
});
