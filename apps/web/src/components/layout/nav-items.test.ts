import { describe, expect, it } from 'vitest';
import { makeSession } from '@/test/render';
import { NAV_ITEMS, navItemState, type NavItem } from './nav-items';

const item = (to: string): NavItem => {
  const found = NAV_ITEMS.find((i) => i.to === to);
  if (!found) throw new Error(`no nav item ${to}`);
  return found;
};

describe('navItemState', () => {
  it('enables every item for a member with every module', () => {
    const session = makeSession();
    expect(NAV_ITEMS.map((i) => navItemState(session, i))).toEqual(NAV_ITEMS.map(() => 'enabled'));
  });

  it('hides the items of modules the role lacks', () => {
    const session = makeSession({ permissions: ['data_source_management'] });
    expect(navItemState(session, item('/data-sources'))).toBe('enabled');
    expect(navItemState(session, item('/store-list'))).toBe('hidden');
    expect(navItemState(session, item('/manage-products'))).toBe('hidden');
    expect(navItemState(session, item('/notifications'))).toBe('enabled');
  });

  it('disables the items until the user is in an organisation', () => {
    const session = makeSession({ is_part_of_any_org: false, permissions: [] });
    expect(navItemState(session, item('/notifications'))).toBe('disabled');
    expect(navItemState(session, item('/store-list'))).toBe('disabled');
  });

  it('hides the admin-excluded items from admins', () => {
    const session = makeSession({ is_admin: true });
    expect(navItemState(session, item('/store-list'))).toBe('hidden');
    expect(navItemState(session, item('/users-list'))).toBe('hidden');
    expect(navItemState(session, item('/manage-products'))).toBe('enabled');
  });

  it('keeps an item marked disabled disabled', () => {
    expect(navItemState(makeSession(), { ...item('/dashboard'), disabled: true })).toBe('disabled');
  });
});
