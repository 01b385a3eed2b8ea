import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PRODUCT_MSG } from '@feedloom/validation';
import { describe, expect, it } from 'vitest';
import { orgShopHandlers } from '@/test/org-handlers';
import { makeSession, renderApp } from '@/test/render';
import { makeProductDetail, makeProductPage } from './fixtures';

const session = makeSession({ active_shop_id: 's1', shops_count: 1 });
const updates = (calls: { path: string; input: unknown }[]) =>
  calls.filter((c) => c.path === 'products.update').map((c) => c.input);

describe('/manage-products/detail/:id field groups', () => {
  it('edits highlights, details, dimensions and submission controls with the messages', async () => {
    const { calls } = renderApp('/manage-products/detail/1', {
      ...orgShopHandlers(session),
      'products.get': () =>
        makeProductDetail({
          fields: {
            title: { value: 'Blue shirt', layer: 'source', source_value: 'Blue shirt' },
            highlights: { value: ['Soft'], layer: 'override', source_value: null },
          },
        }),
      'products.find': () => makeProductPage([]),
      'products.update': () => ({ message: 'Product updated.', data: makeProductDetail() }),
    });
    expect(await screen.findByRole('heading', { name: 'Blue shirt' })).toBeTruthy();
    expect(screen.getByLabelText('Highlight 1')).toHaveProperty('value', 'Soft');

    // One highlight alone is refused before anything is sent.
    await userEvent.type(screen.getByLabelText('Highlight 1'), 'er');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MSG.highlightsMin)).toBeTruthy();
    expect(updates(calls)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Add highlight' }));
    await userEvent.type(screen.getByLabelText('Highlight 2'), 'Washable');
    // A detail with a name but no value is refused with the spec message.
    await userEvent.click(screen.getByRole('button', { name: 'Add detail' }));
    await userEvent.type(screen.getByLabelText('Section name 1'), 'Fabric');
    await userEvent.type(screen.getByLabelText('Attribute name 1'), 'Material');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MSG.attributeValueRequired)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Attribute value 1'), 'Cotton');

    // A weight without its unit is refused; with it, it goes.
    await userEvent.type(screen.getByLabelText('Product weight'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MSG.valueAndUnit)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Product weight unit'), 'kg');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Exclude from Meta ads' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(updates(calls)).toEqual([
        {
          shop_id: 's1',
          product_id: 1,
          data: {
            highlights: ['Softer', 'Washable'],
            detail: [{ section_name: 'Fabric', attribute_name: 'Material', attribute_value: 'Cotton' }],
            product_weight: { value: 2, unit: 'kg' },
            product_submission_control: {
              control1: false,
              control2: false,
              control3: false,
              control4: false,
              control5: true,
            },
          },
        },
      ]),
    );
  }, 240_000);

  it('edits a variant on its own, asks for a resubmission, and shows the debug view', async () => {
    const variant = {
      id: 'v-m',
      offer_id: 'G1-M',
      fields: { size: { value: 'M', layer: 'source' as const, source_value: 'M' } },
    };
    const { calls } = renderApp('/manage-products/detail/1', {
      ...orgShopHandlers(session),
      'products.get': () =>
        makeProductDetail({
          variants: [variant],
          resubmission: { fields: ['title'], requested_at: '2026-01-02T00:00:00.000Z' },
        }),
      'products.find': () => makeProductPage([]),
      'products.update': () => ({ message: 'Product updated.', data: makeProductDetail() }),
      'products.debugView': (input) => ({
        channel: (input as { channel: 'google' | 'microsoft' | 'meta' }).channel,
        status: 'error',
        items: [
          {
            offer_id: 'G1-M',
            variant_id: 'v-m',
            issues: [],
            attributes: [
              {
                attribute: 'brand',
                value: 'Polar',
                fields: ['brand'],
                layer: 'override',
                required: false,
                issues: [],
              },
              {
                attribute: 'description',
                value: null,
                fields: ['description'],
                layer: 'source',
                required: true,
                issues: [
                  {
                    code: 'missing_required',
                    severity: 'error',
                    attribute: 'description',
                    message: 'Add a description.',
                    layer: 'source',
                    item_id: 'G1-M',
                    origin: 'feedloom',
                  },
                ],
              },
            ],
          },
        ],
      }),
    });
    expect(await screen.findByText(/Resubmission requested .* for Title\./)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /G1-M/ }));
    const size = screen.getAllByLabelText('Size').at(-1)!;
    await userEvent.clear(size);
    await userEvent.type(size, 'XL');
    await userEvent.click(screen.getByRole('button', { name: 'Save variant G1-M' }));
    await waitFor(() =>
      expect(updates(calls)).toContainEqual({
        shop_id: 's1',
        product_id: 1,
        variant_id: 'v-m',
        data: { size: 'XL' },
      }),
    );

    await userEvent.selectOptions(screen.getByLabelText('Fields to resubmit'), ['highlights', 'gtin']);
    await userEvent.click(screen.getByRole('button', { name: 'Request resubmission' }));
    await waitFor(() =>
      expect(updates(calls)).toContainEqual({
        shop_id: 's1',
        product_id: 1,
        data: { resubmit: ['highlights', 'gtin'] },
      }),
    );

    await userEvent.click(screen.getByText('Debug view'));
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'meta');
    const table = await screen.findByRole('table', { name: 'Meta attributes of G1-M' });
    expect(within(table).getByText('Polar')).toBeTruthy();
    expect(within(table).getByText('Not sent')).toBeTruthy();
    expect(within(table).getByText('Add a description.')).toBeTruthy();
    expect(calls.filter((c) => c.path === 'products.debugView').at(-1)?.input).toEqual({
      shop_id: 's1',
      id: 1,
      channel: 'meta',
    });
  }, 240_000);

  it('edits links, images and identifiers: one image per line, yes/no as a boolean, bad addresses refused', async () => {
    const { calls } = renderApp('/manage-products/detail/1', {
      ...orgShopHandlers(session),
      'products.get': () =>
        makeProductDetail({
          fields: {
            title: { value: 'Blue shirt', layer: 'source', source_value: 'Blue shirt' },
            image_link: {
              value: 'https://cdn.example.com/new.jpg',
              layer: 'override',
              source_value: 'https://cdn.example.com/old.jpg',
            },
          },
        }),
      'products.find': () => makeProductPage([]),
      'products.update': () => ({ message: 'Product updated.', data: makeProductDetail() }),
    });
    const image = await screen.findByLabelText('Image link');
    expect(image).toHaveProperty('value', 'https://cdn.example.com/new.jpg');
    // Its layer and source value show as for every other field, with a reset to source.
    expect(screen.getByText('Source: https://cdn.example.com/old.jpg')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset Image link to source' })).toBeTruthy();

    const paste = async (el: HTMLElement, text: string) => {
      await userEvent.clear(el);
      await userEvent.click(el);
      await userEvent.paste(text);
    };
    await paste(image, 'cdn.example.com/x.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(PRODUCT_MSG.urlInvalid('Image link'))).toBeTruthy();
    expect(updates(calls)).toEqual([]);

    await paste(image, 'https://cdn.example.com/x.jpg');
    await paste(
      screen.getByLabelText('Additional image links'),
      'https://cdn.example.com/a.jpg\n\n https://cdn.example.com/b.jpg',
    );
    await userEvent.type(screen.getByLabelText('MPN'), 'M-1');
    await userEvent.selectOptions(screen.getByLabelText('Identifier exists'), 'false');
    await userEvent.selectOptions(screen.getByLabelText('Unique product identifier control'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(updates(calls)).toEqual([
        {
          shop_id: 's1',
          product_id: 1,
          data: {
            image_link: 'https://cdn.example.com/x.jpg',
            additional_image_links: ['https://cdn.example.com/a.jpg', 'https://cdn.example.com/b.jpg'],
            mpn: 'M-1',
            identifier_exists: false,
            upi_management_status: 2,
          },
        },
      ]),
    );
  }, 240_000);

  it("shows a condition the store's default gives as such, and lets the merchant set the product's own", async () => {
    const { calls } = renderApp('/manage-products/detail/1', {
      ...orgShopHandlers(session),
      'products.get': () =>
        makeProductDetail({
          fields: {
            title: { value: 'Blue shirt', layer: 'source', source_value: 'Blue shirt' },
            condition: { value: 'new', layer: 'shop_default', source_value: null },
            color: { value: 'Blue', layer: 'source', source_value: 'Blue' },
          },
        }),
      'products.find': () => makeProductPage([]),
      'products.update': () => ({ message: 'Product updated.', data: makeProductDetail() }),
    });
    const condition = (await screen.findByLabelText('Condition')) as HTMLSelectElement;
    expect(condition.value).toBe('new');
    const field = within(condition.closest('.grid') as HTMLElement);
    // Not a value of the product's source: labelled as the store's default, with no source line.
    expect(field.getByText('Store default')).toBeTruthy();
    expect(
      field.getByText(
        "New (store default): your store's setting for products whose source gives none. Choose another to give this product its own.",
      ),
    ).toBeTruthy();
    expect(field.queryByText(/^Source:/)).toBeNull();
    // A value the source gives reads as the source's.
    const color = within(screen.getByLabelText('Color').closest('.grid') as HTMLElement);
    expect(color.getByText('Source')).toBeTruthy();
    expect(color.queryByText(/store default/)).toBeNull();

    await userEvent.selectOptions(condition, 'Used');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(updates(calls)).toEqual([{ shop_id: 's1', product_id: 1, data: { condition: 'used' } }]),
    );
  }, 60_000);
});
