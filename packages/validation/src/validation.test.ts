import { describe, expect, it } from 'vitest';
import {
  checkPictureFile,
  hasModuleAccess,
  isAbsoluteUrl,
  isValidEmail,
  isValidPhoneForCode,
  MSG,
  phoneCountryOf,
  ZChangePasswordSchema,
  ZCreatePasswordSchema,
  ZFirstNameSchema,
  ZForgotPasswordSchema,
  ZInvitationSignupSchema,
  ZListQuerySchema,
  ZLoginSchema,
  ZOrganizationSchema,
  ZOtpSchema,
  ZOwnerOrganizationSchema,
  ZPasswordPairSchema,
  ZPasswordSchema,
  ZProfileFieldsSchema,
  ZProfileSchema,
  ZSignupSchema,
  ZShopFormSchema,
} from './index';
import type { z } from 'zod';

/** The first message a schema reports, as the api and the forms show it. */
const firstMessage = (schema: z.ZodType, value: unknown): string | undefined => {
  const res = schema.safeParse(value);
  return res.success ? undefined : res.error.issues[0]?.message;
};
const messageAt = (schema: z.ZodType, value: unknown, field: string): string | undefined => {
  const res = schema.safeParse(value);
  return res.success ? undefined : res.error.issues.find((i) => i.path.join('.') === field)?.message;
};

describe('email rule', () => {
  it.each(['a@b.co', 'first.last@shop.example.com', 'x+tag@mail.museum', "o'neil@site.io"])(
    'accepts %s',
    (e) => expect(isValidEmail(e)).toBe(true),
  );
  it.each([
    'a..b@c.com',
    '.ab@c.com',
    'ab.@c.com',
    'ab@c.c',
    'ab@c.toolongtld',
    'ab@c.c0m',
    'abc.com',
    'a b@c.com',
  ])('rejects %s with the spec message', (e) => {
    expect(isValidEmail(e)).toBe(false);
    expect(firstMessage(ZSignupSchema, { email: e, isAgree: true })).toBe('Invalid email address.');
  });
  it('says the email is required when empty', () => {
    expect(firstMessage(ZLoginSchema, { email: '', password: 'x' })).toBe('Email Address is required.');
    expect(firstMessage(ZLoginSchema, { password: 'x' })).toBe('Email Address is required.');
  });
});

describe('login', () => {
  it('requires a password', () => {
    expect(firstMessage(ZLoginSchema, { email: 'a@b.co', password: '' })).toBe('Password is required.');
  });
  it('accepts any non-empty password (the server judges it)', () => {
    expect(ZLoginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });
});

describe('terms', () => {
  it('must be agreed', () => {
    expect(firstMessage(ZSignupSchema, { email: 'a@b.co', isAgree: false })).toBe(
      'You must agree to the terms and conditions.',
    );
    expect(ZSignupSchema.safeParse({ email: 'a@b.co', isAgree: true }).success).toBe(true);
  });
});

describe('password rule', () => {
  it.each(['Abcdef1!', 'Zz9_aaaaaaaaaaaaaaaa'.slice(0, 20), 'Passw0rd(x)'])('accepts %s', (p) =>
    expect(firstMessage(ZPasswordSchema, p)).toBeUndefined(),
  );
  it.each([
    ['', MSG.passwordRequired],
    ['Ab1!', MSG.passwordLength],
    ['Abcdefgh1!abcdefghijk', MSG.passwordLength],
    [' Abcdef1!', MSG.passwordStart],
    ['!Abcdef1', MSG.passwordStart],
    ['abcdefg1!', MSG.passwordComplexity],
    ['ABCDEFG1!', MSG.passwordComplexity],
    ['Abcdefgh!', MSG.passwordComplexity],
    ['Abcdefgh1', MSG.passwordComplexity],
    ['Abcdefg1^', MSG.passwordComplexity],
    ['Abcdef1!😀', 'Password must not contain emojis.'],
  ])('rejects %j', (p, msg) => expect(firstMessage(ZPasswordSchema, p)).toBe(msg));

  it('requires a matching confirmation', () => {
    expect(messageAt(ZPasswordPairSchema, { password: 'Abcdef1!', confirm: '' }, 'confirm')).toBe(
      MSG.confirmRequired,
    );
    expect(messageAt(ZPasswordPairSchema, { password: 'Abcdef1!', confirm: 'Abcdef1?' }, 'confirm')).toBe(
      'New password and confirm password must be the same',
    );
    expect(
      ZCreatePasswordSchema.safeParse({ token: 't', password: 'Abcdef1!', confirm: 'Abcdef1!' }).success,
    ).toBe(true);
  });

  it('change password asks for the current one and checks the new pair', () => {
    expect(
      messageAt(
        ZChangePasswordSchema,
        { current_password: '', password: 'Abcdef1!', confirm: 'Abcdef1!' },
        'current_password',
      ),
    ).toBe(MSG.currentPasswordRequired);
    expect(
      messageAt(
        ZChangePasswordSchema,
        { current_password: 'x', password: 'Abcdef1!', confirm: 'nope' },
        'confirm',
      ),
    ).toBe(MSG.confirmMismatch);
  });

  it('invitation sign-up: first name, optional last name and the new password pair', () => {
    const valid = { first_name: 'Ann', password: 'Abcdef1!', confirm: 'Abcdef1!' };
    expect(ZInvitationSignupSchema.safeParse(valid).success).toBe(true);
    expect(ZInvitationSignupSchema.safeParse({ ...valid, last_name: '' }).success).toBe(true);
    expect(messageAt(ZInvitationSignupSchema, { ...valid, first_name: '' }, 'first_name')).toBe(
      MSG.firstNameRequired,
    );
    expect(messageAt(ZInvitationSignupSchema, { ...valid, last_name: 'O--Neil' }, 'last_name')).toBe(
      MSG.nameSeparator,
    );
    expect(
      messageAt(
        ZInvitationSignupSchema,
        { ...valid, password: 'abcdefg1!', confirm: 'abcdefg1!' },
        'password',
      ),
    ).toBe(MSG.passwordComplexity);
    expect(messageAt(ZInvitationSignupSchema, { ...valid, confirm: 'Abcdef1?' }, 'confirm')).toBe(
      MSG.confirmMismatch,
    );
  });
});

describe('otp', () => {
  it('is six digits', () => {
    expect(ZOtpSchema.safeParse({ otp: '123456' }).success).toBe(true);
    expect(firstMessage(ZOtpSchema, { otp: '12345' })).toBe(MSG.otpInvalid);
    expect(firstMessage(ZOtpSchema, { otp: '12345a' })).toBe(MSG.otpInvalid);
  });
});

describe('names', () => {
  it.each(['Anne', "O'Neil", 'Jean-Luc', 'José', 'Mary Ann'])('accepts %s', (n) =>
    expect(firstMessage(ZFirstNameSchema, n)).toBeUndefined(),
  );
  it('requires a first name', () => expect(firstMessage(ZFirstNameSchema, '')).toBe(MSG.firstNameRequired));
  it('rejects leading or trailing spaces', () =>
    expect(firstMessage(ZFirstNameSchema, ' Anne')).toBe(MSG.nameSpaces));
  it('rejects digits and symbols', () =>
    expect(firstMessage(ZFirstNameSchema, 'Ann3')).toBe(MSG.nameInvalid));
  it.each(['Jean--Luc', '-Anne', "Anne'", "O'-Neil"])('rejects misplaced separators in %s', (n) =>
    expect(firstMessage(ZFirstNameSchema, n)).toBe(MSG.nameSeparator),
  );
});

describe('phone', () => {
  it('is valid for the selected country', () => {
    expect(isValidPhoneForCode('+91', '9876543210')).toBe(true);
    expect(isValidPhoneForCode('+1', '2015550123')).toBe(true);
    expect(isValidPhoneForCode('+44', '7400123456')).toBe(true);
    expect(isValidPhoneForCode('+91', '12345')).toBe(false);
    expect(isValidPhoneForCode('+44', '9876543210')).toBe(false);
  });
  it('is optional', () => expect(isValidPhoneForCode('+91', '')).toBe(true));
  it('reports the spec message on the phone field', () => {
    expect(
      messageAt(
        ZProfileSchema,
        { first_name: 'Anne', phone_code: '+91', phone_number: '123' },
        'phone_number',
      ),
    ).toBe('Invalid phone number for the selected country.');
    expect(
      messageAt(
        ZProfileSchema,
        { first_name: 'Anne', phone_code: '+91', phone_number: '98765-43210' },
        'phone_number',
      ),
    ).toBe('Invalid phone number for the selected country.');
  });
});

describe('profile', () => {
  it('defaults the phone code to +91', () => {
    const res = ZProfileSchema.parse({ first_name: 'Anne' });
    expect(res.phone_code).toBe('+91');
  });
  it('requires the other business type when business type is Other', () => {
    expect(
      messageAt(ZProfileSchema, { first_name: 'Anne', business_type: 'Other' }, 'other_business_type'),
    ).toBe(MSG.otherBusinessTypeRequired);
    expect(
      ZProfileSchema.safeParse({ first_name: 'Anne', business_type: 'Other', other_business_type: 'Florist' })
        .success,
    ).toBe(true);
  });
  it('checks the picture file type and size', () => {
    expect(checkPictureFile({ type: 'image/gif', size: 10 })).toBe('Only JPG or PNG files are supported.');
    expect(checkPictureFile({ type: 'image/png', size: 5 * 1024 * 1024 })).toBe(
      'File size must be under 5MB.',
    );
    expect(checkPictureFile({ type: 'image/jpeg', size: 1024 })).toBeNull();
  });
  it('accepts a picture data URL only for JPG or PNG', () => {
    expect(
      ZProfileSchema.safeParse({ first_name: 'A', profile_picture: 'data:image/png;base64,iVBORw0KGgo=' })
        .success,
    ).toBe(true);
    expect(
      firstMessage(ZProfileSchema, { first_name: 'A', profile_picture: 'data:image/gif;base64,R0lG' }),
    ).toBe(MSG.pictureType);
  });
});

describe('organisation form', () => {
  const valid = { business_name: 'Acme', business_email: 'ops@acme.com' };
  it('requires and bounds the business name', () => {
    expect(messageAt(ZOrganizationSchema, { ...valid, business_name: '  ' }, 'business_name')).toBe(
      'Business name is required.',
    );
    expect(
      messageAt(ZOrganizationSchema, { ...valid, business_name: 'x'.repeat(101) }, 'business_name'),
    ).toBe('Business name cannot exceed 100 characters.');
  });
  it('checks the website URL', () => {
    expect(messageAt(ZOrganizationSchema, { ...valid, business_url: 'not a url' }, 'business_url')).toBe(
      'Invalid Website URL',
    );
    expect(ZOrganizationSchema.safeParse({ ...valid, business_url: 'https://acme.com' }).success).toBe(true);
  });
  it('does not require the address for a non-owner', () => {
    expect(ZOrganizationSchema.safeParse(valid).success).toBe(true);
  });
  it('requires the address for the owner with the spec messages', () => {
    expect(messageAt(ZOwnerOrganizationSchema, valid, 'address_1')).toBe('Address 1 is required.');
    expect(messageAt(ZOwnerOrganizationSchema, valid, 'city')).toBe('City is required.');
    expect(messageAt(ZOwnerOrganizationSchema, { ...valid, address_1: 'x'.repeat(101) }, 'address_1')).toBe(
      'Address 1 cannot exceed 100 characters.',
    );
    expect(messageAt(ZOwnerOrganizationSchema, { ...valid, city: 'x'.repeat(51) }, 'city')).toBe(
      'City cannot exceed 50 characters.',
    );
  });
  it.each([
    ['1', 'Zipcode must be at least 2 characters long.'],
    ['1234567890123', 'Zipcode must be at most 12 characters long.'],
    ['12#45', 'Zipcode can only contain letters, numbers, spaces, or hyphens.'],
  ])('rejects zipcode %s', (zipcode, msg) => {
    expect(
      messageAt(
        ZOwnerOrganizationSchema,
        { ...valid, address_1: 'Main St 1', city: 'Pune', zipcode },
        'zipcode',
      ),
    ).toBe(msg);
  });
  it('accepts a complete owner form', () => {
    expect(
      ZOwnerOrganizationSchema.safeParse({
        ...valid,
        address_1: 'Main St 1',
        city: 'Pune',
        zipcode: 'SW1A 1AA',
      }).success,
    ).toBe(true);
  });
  it('checks the developer email with the shared rule', () => {
    expect(messageAt(ZOrganizationSchema, { ...valid, developer_email: 'dev@@x' }, 'developer_email')).toBe(
      'Invalid email address.',
    );
  });
});

describe('store form', () => {
  const valid = {
    shop_name: 'Shop',
    shop_url: 'https://shop.example.com',
    shop_currency: 'USD',
    shop_timezone: 'America/New_York',
    utc_offset: '-05:00',
  };
  it('accepts a valid store', () => expect(ZShopFormSchema.safeParse(valid).success).toBe(true));
  it('requires a name', () =>
    expect(messageAt(ZShopFormSchema, { ...valid, shop_name: '' }, 'shop_name')).toBe(
      'Store name is required.',
    ));
  it('accepts only absolute URLs', () => {
    expect(isAbsoluteUrl('shop.example.com')).toBe(false);
    expect(isAbsoluteUrl('https://shop')).toBe(false);
    expect(messageAt(ZShopFormSchema, { ...valid, shop_url: '/relative' }, 'shop_url')).toBe(
      MSG.shopUrlInvalid,
    );
  });
  it('requires currency, timezone and UTC offset', () => {
    expect(messageAt(ZShopFormSchema, { ...valid, shop_currency: '' }, 'shop_currency')).toBe(
      MSG.currencyRequired,
    );
    expect(messageAt(ZShopFormSchema, { ...valid, shop_timezone: '' }, 'shop_timezone')).toBe(
      MSG.timezoneRequired,
    );
    expect(messageAt(ZShopFormSchema, { ...valid, utc_offset: '' }, 'utc_offset')).toBe(
      MSG.utcOffsetRequired,
    );
  });
});

describe('list query', () => {
  it('falls back to defaults on bad values', () => {
    expect(ZListQuerySchema.parse({ page: '0', limit: '7', order: '3' })).toMatchObject({
      page: 1,
      limit: 25,
      order: 1,
    });
    expect(ZListQuerySchema.parse({ page: '3', limit: '50', order: '-1' })).toMatchObject({
      page: 3,
      limit: 50,
      order: -1,
    });
    expect(ZListQuerySchema.parse({})).toMatchObject({ page: 1, limit: 25, order: 1 });
  });
});

describe('module access', () => {
  it('manage implies read; read does not imply manage', () => {
    expect(hasModuleAccess(['store_management_manage'], 'store_management', 'read')).toBe(true);
    expect(hasModuleAccess(['store_management'], 'store_management', 'read')).toBe(true);
    expect(hasModuleAccess(['store_management'], 'store_management', 'manage')).toBe(false);
    expect(hasModuleAccess([], 'store_management', 'read')).toBe(false);
  });
});

describe('account rules touched by sign-in and profile', () => {
  it('change password names each missing field with the spec messages', () => {
    const res = ZChangePasswordSchema.safeParse({});
    expect(res.success).toBe(false);
    const byField = Object.fromEntries((res.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField).toEqual({
      current_password: 'Current password is required.',
      password: 'Password is required.',
      confirm: 'Confirm password is required.',
    });
  });

  it('forgot password takes the shared email rule', () => {
    expect(firstMessage(ZForgotPasswordSchema, {})).toBe('Email Address is required.');
    expect(firstMessage(ZForgotPasswordSchema, { email: '.a@example.com' })).toBe('Invalid email address.');
    expect(ZForgotPasswordSchema.parse({ email: ' a@example.com ' })).toEqual({ email: 'a@example.com' });
  });

  it('the profile fields follow the name rules', () => {
    expect(firstMessage(ZProfileSchema, { first_name: '' })).toBe('First name is required.');
    expect(firstMessage(ZProfileSchema, { first_name: 'Anne ' })).toBe(MSG.nameSpaces);
    expect(firstMessage(ZProfileSchema, { first_name: 'Anne', last_name: "O''Neil" })).toBe(
      MSG.nameSeparator,
    );
    expect(firstMessage(ZProfileSchema, { first_name: 'Anne', last_name: '-Neil' })).toBe(MSG.nameSeparator);
    expect(ZProfileSchema.safeParse({ first_name: 'Anne-Marie', last_name: "D'Souza" }).success).toBe(true);
    // Without the cross-field rules: what the contract extends with a file part.
    expect(ZProfileFieldsSchema.safeParse({ first_name: 'Anne', business_type: 'Other' }).success).toBe(true);
  });

  it('refuses a phone number that is valid elsewhere but not for the selected country', () => {
    expect(
      messageAt(
        ZProfileSchema,
        { first_name: 'Anne', phone_code: '+91', phone_number: '3105550100' },
        'phone_number',
      ),
    ).toBe('Invalid phone number for the selected country.');
    expect(
      ZProfileSchema.safeParse({ first_name: 'Anne', phone_code: '+1', phone_number: '3105550100' }).success,
    ).toBe(true);
  });

  it('the picture data URL must be under 5MB', () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 4)}`;
    expect(firstMessage(ZProfileSchema, { first_name: 'A', profile_picture: big })).toBe(
      'File size must be under 5MB.',
    );
    expect(ZProfileSchema.safeParse({ first_name: 'A', profile_picture: '' }).success).toBe(true);
  });

  it('phoneCountryOf picks the country a phone-code select shows', () => {
    expect(phoneCountryOf(undefined)).toBe('IN');
    expect(phoneCountryOf('+91', '9876543210')).toBe('IN');
    expect(phoneCountryOf('+1')).toBe('US');
    expect(phoneCountryOf('+1', '4165550123')).toBe('CA');
    expect(phoneCountryOf('+44')).toBe('GB');
    expect(phoneCountryOf('+999')).toBeNull();
  });
});
