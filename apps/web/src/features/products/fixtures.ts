import type { ProductDetail, ProductPage, ProductRow, StatusCounts } from './use-products';

export function makeProductRow(overrides: Partial<ProductRow> = {}): ProductRow {
  return {
    id: 1,
    offer_id: 'SKU-1',
    item_group_id: null,
    title: 'Blue shirt',
    brand: 'Acme',
    category_name: 'Apparel & Accessories > Clothing',
    product_type: 'Shirts',
    price: '19.99 USD',
    sale_price: null,
    sku: 'SKU-1',
    gtin: '4006381333931',
    image_link: null,
    availability: 'in_stock',
    inventory_qty: 4,
    data_source_name: 'Main feed',
    variant_count: 0,
    status: 'pending',
    icon_state: 'pending',
    error_count: 0,
    warning_count: 0,
    issues: [],
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeProductPage(data: ProductRow[], overrides: Partial<ProductPage> = {}): ProductPage {
  return {
    data,
    total_records: data.length,
    total_products: data.length,
    last_error_refreshed: null,
    google_enabled: false,
    bing_enabled: false,
    fb_enabled: false,
    page: 1,
    limit: 25,
    has_previous: false,
    has_next: false,
    ...overrides,
  };
}

export const COUNTS: StatusCounts = {
  all: 120,
  error: 7,
  excluded: 0,
  pending: 113,
  published: 0,
  warning: 0,
  disapproved: 0,
  submitted: 0,
  integration_pending: 0,
};

export function makeProductDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: 1,
    offer_id: 'SKU-1',
    item_group_id: null,
    data_source_name: 'Main feed',
    fields: {
      title: { value: 'Blue shirt', layer: 'source', source_value: 'Blue shirt' },
      brand: { value: 'Polar', layer: 'override', source_value: 'Acme' },
    },
    variants: [],
    channels: [
      {
        channel: 'google',
        status: 'error',
        issues: [
          {
            code: 'missing_required',
            severity: 'error',
            attribute: 'description',
            message: 'Add a description.',
            layer: 'source',
            item_id: 'SKU-1',
            origin: 'feedloom',
          },
        ],
      },
    ],
    resubmission: null,
    offer_claims: [],
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
