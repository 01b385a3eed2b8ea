import { describe, expect, it } from 'vitest';
import { ZUserProfileSchema } from '../account';
import { ZSessionInfoSchema } from '../auth';
import { ZIntegratedChannelStatusSchema } from '../channel-wizard';
import { ZChannelConnectionSchema, ZMerchantAccountSchema } from '../channels';
import { ZFeedConfigSchema } from '../feeds';
import { ZOrganizationListEntrySchema } from '../organizations';
import { ZAuditEntrySchema } from '../audit';
import { ZRoleSchema } from '../roles';
import { ZShopSchema } from '../shops';
import { ZStaffSchema } from '../staff';
import {
  makeAuditEntry,
  makeChannelConnection,
  makeFeedConfig,
  makeIntegratedChannelStatus,
  makeMerchantAccount,
  makeOrganizationEntry,
  makeProfile,
  makeRole,
  makeSessionInfo,
  makeShop,
  makeStaff,
} from './index';

// Parsed (strictly: no field the contract does not know) so the fixtures cannot drift from the contract.
describe('shared fixtures match the contract', () => {
  it.each([
    ['session info', ZSessionInfoSchema, makeSessionInfo()],
    ['profile', ZUserProfileSchema, makeProfile()],
    ['organisation list entry', ZOrganizationListEntrySchema, makeOrganizationEntry()],
    ['shop', ZShopSchema, makeShop()],
    ['staff', ZStaffSchema, makeStaff()],
    ['role', ZRoleSchema, makeRole()],
    ['activity entry', ZAuditEntrySchema, makeAuditEntry()],
    ['channel connection', ZChannelConnectionSchema, makeChannelConnection()],
    ['merchant account', ZMerchantAccountSchema, makeMerchantAccount()],
    ['integrated channel status', ZIntegratedChannelStatusSchema, makeIntegratedChannelStatus()],
    ['feed config', ZFeedConfigSchema, makeFeedConfig()],
  ] as const)('%s', (_name, schema, fixture) => {
    expect(schema.strict().parse(fixture)).toEqual(fixture);
  });
});
