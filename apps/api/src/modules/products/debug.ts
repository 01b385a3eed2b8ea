// The product debug view: for one catalog channel, each item of a product (the
// product itself, or each variant) with every channel attribute it would send — the value as the channel's
// validator leaves it (cleaned as the feeds write it; absent when it is left out), the layer that value comes from, and the issues
// that attribute has. Pure: the product and the judging context in, the view out.
import {
  CHANNELS,
  channelItems,
  isPresent,
  layerOfFields,
  resolveContext,
  rowFields,
  validateItem,
  type TChannel,
  type TValidationContext,
} from '@feedloom/catalog';
import type { TProduct } from '@feedloom/catalog';
import type { TProductDebugView, TProductIssue } from '@feedloom/contracts';

/** The attribute an issue names, without its sub-attribute (`shipping.country` → `shipping`). */
const headOf = (attribute: string) => attribute.split('.')[0] ?? attribute;

export const debugView = (
  product: TProduct,
  channel: TChannel,
  ctx: TValidationContext,
  status: TProductDebugView['status'],
  variantId?: string,
): TProductDebugView => {
  const compiled = CHANNELS[channel];
  const resolved = resolveContext(ctx);
  const items = channelItems(product, ctx.defaults).filter(
    (i) => variantId === undefined || i.variantId === variantId,
  );
  return {
    channel,
    status,
    items: items.map((item) => {
      // validateItem leaves, at each row's index, the value as it would be sent (left out when refused).
      const values = new Array<unknown>(compiled.rows.length);
      const issues: TProductIssue[] = validateItem(compiled, item, resolved, values).map((i) => ({
        code: i.code,
        severity: i.severity,
        attribute: i.attribute,
        message: i.message,
        layer: i.layer,
        item_id: item.offerId,
        origin: 'feedloom',
      }));
      const claimed = new Set<TProductIssue>();
      const attributes = compiled.rows.flatMap((row, index) => {
        const value = values[index];
        const own = issues.filter((i) => headOf(i.attribute) === row.attribute);
        for (const i of own) claimed.add(i);
        if (!isPresent(value) && own.length === 0) return [];
        const fields = [...rowFields(row)];
        return [
          {
            attribute: row.attribute,
            value: isPresent(value) ? value : null,
            fields,
            layer: layerOfFields(item, fields),
            required: row.required === true,
            issues: own,
          },
        ];
      });
      return {
        offer_id: item.offerId,
        variant_id: item.variantId ?? null,
        attributes,
        issues: issues.filter((i) => !claimed.has(i)),
      };
    }),
  };
};
