import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CUSTOM_ROLE_ID,
  findPredefinedRole,
  MSG,
  PERMISSIONS,
  PREDEFINED_ROLES,
  ZCustomRoleSchema,
  ZOrganizationSchema,
  ZOwnerOrganizationSchema,
  ZShopListQuerySchema,
  ZStaffInvitationSchema,
  ZStaffListQuerySchema,
  ZShopFormSchema,
} from './index';

const messageAt = (schema: z.ZodType, value: unknown, field: string): string | undefined => {
  const res = schema.safeParse(value);
  return res.success ? undefined : res.error.issues.find((i) => i.path.join('.') === field)?.message;
};

describe('organisation form', () => {
  const owner = {
    business_name: 'Acme',
    business_email: 'ops@acme.com',
    address_1: '1 Main St',
    city: 'Pune',
    zipcode: '411-001',
  };

  it('requires the business email with the shared rule', () => {
    expect(messageAt(ZOrganizationSchema, { business_name: 'Acme' }, 'business_email')).toBe(
      'Email Address is required.',
    );
    expect(
      messageAt(
        ZOrganizationSchema,
        { business_name: 'Acme', business_email: 'a..b@x.com' },
        'business_email',
      ),
    ).toBe('Invalid email address.');
  });

  it('defaults the phone code to +91 and checks the number for the selected country', () => {
    expect(
      ZOrganizationSchema.parse({ business_name: 'Acme', business_email: 'ops@acme.com' }).phone_code,
    ).toBe('+91');
    expect(
      messageAt(ZOrganizationSchema, { ...owner, phone_code: '+1', phone_number: '12' }, 'phone_number'),
    ).toBe('Invalid phone number for the selected country.');
    expect(
      ZOrganizationSchema.safeParse({ ...owner, phone_code: '+1', phone_number: '2125550123' }).success,
    ).toBe(true);
  });

  it('trims the business name and allows an empty website', () => {
    const parsed = ZOrganizationSchema.parse({
      business_name: '  Acme  ',
      business_email: 'ops@acme.com',
      business_url: '',
    });
    expect(parsed.business_name).toBe('Acme');
  });

  it('requires the zipcode of an owner, with letters, digits, spaces and hyphens', () => {
    expect(messageAt(ZOwnerOrganizationSchema, { ...owner, zipcode: undefined }, 'zipcode')).toBe(
      'Zipcode must be at least 2 characters long.',
    );
    expect(messageAt(ZOwnerOrganizationSchema, { ...owner, zipcode: 'AB#12' }, 'zipcode')).toBe(
      'Zipcode can only contain letters, numbers, spaces, or hyphens.',
    );
    expect(ZOwnerOrganizationSchema.safeParse(owner).success).toBe(true);
  });

  it('does not check the zipcode of a non-owner (address rules are for the owner only)', () => {
    expect(ZOrganizationSchema.safeParse({ ...owner, zipcode: 'AB#12' }).success).toBe(true);
  });

  it('bounds address 2 for the owner', () => {
    expect(messageAt(ZOwnerOrganizationSchema, { ...owner, address_2: 'x'.repeat(101) }, 'address_2')).toBe(
      'Address 2 cannot exceed 100 characters.',
    );
  });
});

describe('store form', () => {
  const valid = {
    shop_name: 'Shop',
    shop_url: 'https://shop.example.com',
    shop_currency: 'EUR',
    shop_timezone: 'Europe/Berlin',
    utc_offset: '+01:00',
  };
  it("says 'Store name is required.' for a blank name", () => {
    expect(messageAt(ZShopFormSchema, { ...valid, shop_name: '   ' }, 'shop_name')).toBe(
      'Store name is required.',
    );
    expect(messageAt(ZShopFormSchema, { ...valid, shop_name: undefined }, 'shop_name')).toBe(
      'Store name is required.',
    );
  });
  it('requires the store URL', () => {
    expect(messageAt(ZShopFormSchema, { ...valid, shop_url: '' }, 'shop_url')).toBe(MSG.shopUrlRequired);
    expect(messageAt(ZShopFormSchema, { ...valid, shop_url: 'ftp://shop.example.com' }, 'shop_url')).toBe(
      MSG.shopUrlInvalid,
    );
  });
  it('needs a +HH:MM UTC offset', () => {
    expect(messageAt(ZShopFormSchema, { ...valid, utc_offset: '5:30' }, 'utc_offset')).toBe(
      MSG.utcOffsetRequired,
    );
  });
  it('takes a default condition of the channel values only, or none', () => {
    expect(ZShopFormSchema.parse({ ...valid, default_condition: 'used' }).default_condition).toBe('used');
    expect(ZShopFormSchema.parse(valid).default_condition).toBeUndefined();
    for (const bad of ['mint', '', 'NEW', 'new\u0000'])
      expect(messageAt(ZShopFormSchema, { ...valid, default_condition: bad }, 'default_condition')).toBe(
        MSG.defaultConditionInvalid,
      );
  });
  it('is a live store unless marked as testing', () => {
    expect(ZShopFormSchema.parse(valid).is_testing).toBe(false);
    expect(ZShopFormSchema.parse({ ...valid, is_testing: true }).is_testing).toBe(true);
  });
});

describe('store list query', () => {
  it('sorts by the known columns only, by creation by default', () => {
    expect(ZShopListQuerySchema.parse({}).sort_col).toBe('created_at');
    expect(ZShopListQuerySchema.parse({ sort_col: 'shop_name' }).sort_col).toBe('shop_name');
    expect(ZShopListQuerySchema.parse({ sort_col: 'password_hash' }).sort_col).toBe('created_at');
  });
  it('keeps the page sizes', () => {
    expect(ZShopListQuerySchema.parse({ limit: '5' }).limit).toBe(5);
    expect(ZShopListQuerySchema.parse({ limit: '7' }).limit).toBe(25);
  });
  it('staff list sorts by known columns only', () => {
    expect(ZStaffListQuerySchema.parse({ sort_col: 'email' }).sort_col).toBe('email');
    expect(ZStaffListQuerySchema.parse({ sort_col: 'x' }).sort_col).toBe('created_at');
  });
});

describe('roles and invitations', () => {
  const invite = {
    email: 'staff@acme.com',
    role_id: 'viewer',
    is_for_entire_organization: true,
  };

  it('accepts an invitation for the entire organisation with a predefined role', () => {
    expect(ZStaffInvitationSchema.parse(invite)).toMatchObject({ shop_id_list: [], permissions: [] });
  });
  it('requires a role', () => {
    expect(messageAt(ZStaffInvitationSchema, { ...invite, role_id: '' }, 'role_id')).toBe(
      'Role is required.',
    );
    expect(messageAt(ZStaffInvitationSchema, { ...invite, role_id: undefined }, 'role_id')).toBe(
      'Role is required.',
    );
  });
  it('requires the organisation scope', () => {
    expect(
      messageAt(
        ZStaffInvitationSchema,
        { ...invite, is_for_entire_organization: undefined },
        'is_for_entire_organization',
      ),
    ).toBe(MSG.inviteScopeRequired);
  });
  it('requires at least one store when not for the entire organisation', () => {
    expect(
      messageAt(ZStaffInvitationSchema, { ...invite, is_for_entire_organization: false }, 'shop_id_list'),
    ).toBe('Select at least one store.');
    expect(
      ZStaffInvitationSchema.safeParse({ ...invite, is_for_entire_organization: false, shop_id_list: ['s1'] })
        .success,
    ).toBe(true);
  });
  it('requires a name and a permission for a custom role', () => {
    const custom = { ...invite, role_id: CUSTOM_ROLE_ID };
    expect(messageAt(ZStaffInvitationSchema, custom, 'role_name')).toBe('Role name is required.');
    expect(messageAt(ZStaffInvitationSchema, custom, 'permissions')).toBe('Select at least one permission.');
    expect(
      ZStaffInvitationSchema.safeParse({ ...custom, role_name: 'Ops', permissions: ['store_management'] })
        .success,
    ).toBe(true);
  });
  it('refuses unknown permissions and checks the invitee email', () => {
    expect(ZStaffInvitationSchema.safeParse({ ...invite, permissions: ['root'] }).success).toBe(false);
    expect(messageAt(ZStaffInvitationSchema, { ...invite, email: 'x@' }, 'email')).toBe(
      'Invalid email address.',
    );
  });
  it('custom role schema: name and at least one permission', () => {
    expect(
      messageAt(ZCustomRoleSchema, { role_name: ' ', permissions: ['store_management'] }, 'role_name'),
    ).toBe('Role name is required.');
    expect(messageAt(ZCustomRoleSchema, { role_name: 'Ops', permissions: [] }, 'permissions')).toBe(
      'Select at least one permission.',
    );
  });
  it('predefined roles grant known permissions; admin grants all', () => {
    for (const role of PREDEFINED_ROLES) for (const p of role.permissions) expect(PERMISSIONS).toContain(p);
    expect(findPredefinedRole('admin')?.permissions).toEqual(PERMISSIONS);
    expect(findPredefinedRole(CUSTOM_ROLE_ID)).toBeUndefined();
  });
});
