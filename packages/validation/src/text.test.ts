import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZLoginSchema, ZSignupSchema } from './auth';
import { ZLoginPasswordSchema, ZPasswordSchema } from './password';
import { ZListQuerySchema } from './limits';
import { MSG } from './messages';
import { ZOrganizationSchema, ZOwnerOrganizationSchema } from './organizations';
import { ZProductAttributesSchema, ZCustomisationRuleSchema, ZFilterConditionSchema } from './product';
import { ZProfileSchema } from './profile';
import { ZCustomRoleSchema, ZStaffInvitationSchema } from './staff';
import { ZShopFormSchema } from './shops';
import { isCleanText, TEXT_LIMITS, TEXT_MSG, textCharactersIssue, ZTextSchema } from './text';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';

describe('ZTextSchema', () => {
  const note = ZTextSchema({ label: 'Note', max: 10 });
  const body = ZTextSchema({ label: 'Body', max: 100, multiline: true });

  it('accepts ordinary text, accents, CJK and emoji (a surrogate pair is fine)', () => {
    for (const v of ['', 'Café', '東京店', 'Hi 😀', "O'Neil-Ray"]) expect(note.parse(v)).toBe(v);
  });

  it('refuses NUL and every other C0 control character, DEL and C1 controls in a one-line field', () => {
    const controls = [
      ...Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)),
      '\u007F',
      '\u0085',
      '\u009F',
    ];
    for (const c of controls) {
      expect(firstMessage(note, `a${c}b`), JSON.stringify(c)).toBe(
        'Note must not contain control characters.',
      );
    }
  });

  it('keeps tab, line feed and carriage return in a multi-line field, but not NUL or the others', () => {
    expect(body.parse('line one\r\nline two\tend')).toBe('line one\r\nline two\tend');
    expect(firstMessage(body, `a${NUL}b`)).toBe('Body must not contain control characters.');
    expect(firstMessage(body, 'a\u000Bb')).toBe('Body must not contain control characters.');
    expect(firstMessage(body, 'a\u001Bb')).toBe('Body must not contain control characters.');
  });

  it('refuses lone surrogates instead of letting them turn into U+FFFD', () => {
    for (const v of [LONE_HIGH, `a${LONE_HIGH}b`, `a${LONE_LOW}`, `${LONE_LOW}${LONE_HIGH}`]) {
      expect(firstMessage(note, v), JSON.stringify(v)).toBe('Note contains an invalid character.');
    }
  });

  it('says how long a value may be, and checks nothing else in a megabyte of input', () => {
    expect(firstMessage(note, 'x'.repeat(11))).toBe('Note cannot exceed 10 characters.');
    const result = note.safeParse(`${NUL}`.repeat(1024 * 1024));
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Note cannot exceed 10 characters.']);
  });

  it('trims first when asked, and requires a value with min', () => {
    const name = ZTextSchema({ label: 'Name', max: 5, min: 1, trim: true });
    expect(name.parse('  Ab  ')).toBe('Ab');
    expect(firstMessage(name, '   ')).toBe('Name is required.');
    expect(firstMessage(name, undefined)).toBeTruthy();
  });

  it('textCharactersIssue and isCleanText agree with the schema', () => {
    expect(textCharactersIssue('ok', { label: 'X' })).toBeNull();
    expect(textCharactersIssue('a\tb', { label: 'X' })).toBe(TEXT_MSG.controlCharacters('X'));
    expect(textCharactersIssue('a\tb', { label: 'X', multiline: true })).toBeNull();
    expect(isCleanText('a\nb')).toBe(true);
    expect(isCleanText(`a${NUL}`)).toBe(false);
    expect(isCleanText(LONE_LOW)).toBe(false);
  });
});

describe('every text field of the forms', () => {
  const STORE = {
    shop_name: 'Outlet',
    shop_url: 'https://outlet.example.com',
    shop_currency: 'EUR',
    shop_timezone: 'Europe/Berlin',
    utc_offset: '+01:00',
  };
  const ORG = {
    business_name: 'Acme',
    business_email: 'hello@acme.com',
    address_1: '1 Main St',
    city: 'Pune',
    zipcode: '411001',
  };

  it.each([
    ['store name', ZShopFormSchema, { ...STORE, shop_name: `Out${NUL}let` }, 'Store name'],
    ['store URL', ZShopFormSchema, { ...STORE, shop_url: `https://a.example.com/${NUL}` }, 'Store URL'],
    ['timezone', ZShopFormSchema, { ...STORE, shop_timezone: `Europe/Berlin${NUL}` }, 'Timezone'],
    ['business name', ZOrganizationSchema, { ...ORG, business_name: `Ac${NUL}me` }, 'Business name'],
    ['city', ZOwnerOrganizationSchema, { ...ORG, city: `Pu${NUL}ne` }, 'City'],
    ['address 1', ZOwnerOrganizationSchema, { ...ORG, address_1: `1${NUL}` }, 'Address 1'],
    ['state', ZOrganizationSchema, { ...ORG, state: `MH${NUL}` }, 'State'],
    [
      'role name',
      ZCustomRoleSchema,
      { role_name: `Ed${NUL}itor`, permissions: ['store_management'] },
      'Role name',
    ],
    ['first name', ZProfileSchema, { first_name: `As${NUL}ha` }, 'First name'],
    [
      'other business type',
      ZProfileSchema,
      { first_name: 'Asha', business_type: 'Other', other_business_type: `F${NUL}` },
      'Business type',
    ],
    ['email', ZSignupSchema, { email: `a${NUL}@example.com`, isAgree: true }, 'Email Address'],
    ['login password', ZLoginSchema, { email: 'a@example.com', password: `Secret@1${NUL}` }, 'Password'],
    ['search', ZListQuerySchema, { search: `shoe${NUL}` }, 'Search'],
  ])('%s: a NUL is refused with a clear message', (_name, schema, value, label) => {
    expect(firstMessage(schema, value)).toBe(TEXT_MSG.controlCharacters(label));
  });

  it('a lone surrogate in a store name is refused, a real emoji is kept', () => {
    expect(firstMessage(ZShopFormSchema, { ...STORE, shop_name: `Shop ${LONE_HIGH}` })).toBe(
      'Store name contains an invalid character.',
    );
    expect(ZShopFormSchema.parse({ ...STORE, shop_name: 'Shop 😀' }).shop_name).toBe('Shop 😀');
  });

  it('a store name over 100 characters says so (not that it is required)', () => {
    expect(firstMessage(ZShopFormSchema, { ...STORE, shop_name: 'x'.repeat(101) })).toBe(
      'Store name cannot exceed 100 characters.',
    );
    expect(ZShopFormSchema.safeParse({ ...STORE, shop_name: 'x'.repeat(100) }).success).toBe(true);
  });

  it('a 100 KB store URL and a 10 KB email are refused', () => {
    const url = `https://a.example.com/${'x'.repeat(100 * 1024)}`;
    expect(firstMessage(ZShopFormSchema, { ...STORE, shop_url: url })).toBe(
      `Store URL cannot exceed ${TEXT_LIMITS.url} characters.`,
    );
    const email = `${'a'.repeat(10 * 1024)}@example.com`;
    expect(firstMessage(ZSignupSchema, { email, isAgree: true })).toBe(
      `Email Address cannot exceed ${TEXT_LIMITS.email} characters.`,
    );
    expect(
      firstMessage(ZStaffInvitationSchema, { email, role_id: 'viewer', is_for_entire_organization: true }),
    ).toBe(`Email Address cannot exceed ${TEXT_LIMITS.email} characters.`);
  });

  it('keeps the spec messages for the sizes the spec gives', () => {
    expect(firstMessage(ZOrganizationSchema, { ...ORG, business_name: 'x'.repeat(101) })).toBe(
      MSG.businessNameMax,
    );
    expect(firstMessage(ZOwnerOrganizationSchema, { ...ORG, city: 'x'.repeat(51) })).toBe(MSG.cityMax);
    expect(firstMessage(ZOrganizationSchema, { ...ORG, zipcode: '1'.repeat(13) })).toBe(MSG.zipMax);
    expect(firstMessage(ZPasswordSchema, 'Aa1!'.repeat(10_000))).toBe(MSG.passwordLength);
  });

  it('bounds passwords, phone numbers, role ids and list inputs', () => {
    expect(firstMessage(ZLoginPasswordSchema, 'x'.repeat(129))).toBe(
      'Password cannot exceed 128 characters.',
    );
    expect(firstMessage(ZProfileSchema, { first_name: 'Asha', phone_number: '9'.repeat(21) })).toBe(
      MSG.phoneInvalid,
    );
    expect(
      firstMessage(ZStaffInvitationSchema, {
        email: 'a@example.com',
        role_id: 'r'.repeat(65),
        is_for_entire_organization: true,
      }),
    ).toBe('Role cannot exceed 64 characters.');
    expect(
      firstMessage(ZStaffInvitationSchema, {
        email: 'a@example.com',
        role_id: 'viewer',
        is_for_entire_organization: false,
        shop_id_list: Array.from({ length: 1001 }, (_, i) => `shop-${i}`),
      }),
    ).toBe('Stores cannot have more than 1000 entries.');
  });

  it('a search over 200 characters or with control characters is refused, not silently dropped', () => {
    expect(firstMessage(ZListQuerySchema, { search: 'x'.repeat(201) })).toBe(
      'Search cannot exceed 200 characters.',
    );
    expect(ZListQuerySchema.parse({ search: '  shoes ' }).search).toBe('shoes');
  });

  it('product text: descriptions keep line breaks, titles and labels refuse control characters', () => {
    expect(ZProductAttributesSchema.safeParse({ custom_description: 'One\nTwo\r\n\tThree' }).success).toBe(
      true,
    );
    expect(firstMessage(ZProductAttributesSchema, { custom_title: 'A\nB' })).toBe(
      'Title must not contain control characters.',
    );
    expect(firstMessage(ZProductAttributesSchema, { custom_label0: `x${NUL}` })).toBe(
      'Custom label must not contain control characters.',
    );
    expect(firstMessage(ZProductAttributesSchema, { custom_description: 'x'.repeat(5001) })).toBe(
      'Description cannot exceed 5000 characters.',
    );
  });

  it('filters and rules: an inherited property name is no field, and free-form values are clean text', () => {
    expect(
      firstMessage(ZFilterConditionSchema, { field_name: 'constructor', operator: 'equals', value: 'x' }),
    ).toBe('Field is required.');
    expect(
      firstMessage(ZCustomisationRuleSchema, {
        field_name: 'brand',
        isDeleteExistValue: 'add_update_value',
        value: { nested: [`x${NUL}`] },
      }),
    ).toBe('Value must not contain control characters.');
  });
});
