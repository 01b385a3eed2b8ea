/** What the product endpoints say. */
export const PRODUCTS_API_MSG = {
  storeNotFound: 'Store not found.',
  notFound: 'Product not found.',
  variantNotFound: 'Variant not found.',
  updated: 'Product updated.',
  reset: 'Product reset to its source values.',
  fieldsReset: 'Fields reset to their source values.',
  resubmitted: 'Resubmission requested.',
} as const;
