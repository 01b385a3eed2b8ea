import { createHash } from 'node:crypto';

// The people who can sign in at the sandbox's Facebook Login, with the businesses and catalogs each one
// manages: a person with two businesses (one holding two catalogs), one with a business and no catalog, and
// a generated business with one catalog for any other address typed on the consent page.

export interface TMetaCatalogSeed {
  id: string;
  name: string;
}

export interface TMetaBusinessSeed {
  id: string;
  name: string;
  catalogs: TMetaCatalogSeed[];
}

export interface TMetaUserSeed {
  id: string;
  name: string;
  email: string;
  businesses: TMetaBusinessSeed[];
}

export const META_USERS: TMetaUserSeed[] = [
  {
    id: '10150001',
    name: 'Riley Chen',
    email: 'riley.chen@facebook.sandbox.test',
    businesses: [
      {
        id: '200000000000001',
        name: 'Chen Apparel',
        catalogs: [
          { id: '300000000000001', name: 'Chen Apparel — main catalog' },
          { id: '300000000000002', name: 'Chen Apparel — outlet' },
        ],
      },
      { id: '200000000000002', name: 'Chen Home', catalogs: [{ id: '300000000000003', name: 'Chen Home catalog' }] },
    ],
  },
  {
    id: '10150002',
    name: 'Noor Haddad',
    email: 'noor.haddad@facebook.sandbox.test',
    businesses: [{ id: '200000000000003', name: 'Haddad Crafts', catalogs: [] }],
  },
];

export const metaUserOf = (email: string): TMetaUserSeed => {
  const lower = email.toLowerCase();
  const known = META_USERS.find((u) => u.email === lower);
  if (known) return known;
  const n = createHash('sha256').update(lower).digest().readUInt32BE(0) % 900_000_000;
  const local = lower.split('@')[0] ?? 'someone';
  return {
    id: String(10_000_000_000 + n),
    name: local,
    email: lower,
    businesses: [
      { id: String(210_000_000_000_000 + n), name: `${local} business`, catalogs: [{ id: String(310_000_000_000_000 + n), name: `${local} catalog` }] },
    ],
  };
};
