// The validation context the catalog's tests judge the demo catalogue in: US English, dollars, a fixed clock
// and the shipped taxonomy (read from its file, hence here in src/node).
import type { TValidationContext } from '../channels/types';
import { googleTaxonomy } from './taxonomy-file';

export const demoValidationContext = (): TValidationContext => ({
  targetCountry: 'US',
  contentLanguage: 'en',
  currency: 'USD',
  shopDomain: 'demo-shop.example.com',
  now: new Date('2027-01-15T12:00:00Z'),
  taxonomy: googleTaxonomy(),
});
