import { CATALOG_CHANNELS, type TCatalogChannel } from '@feedloom/validation';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { trpc } from '@/lib/trpc';
import { describeValue } from './product-fields';
import { CHANNEL_NAMES, LAYER_LABELS, STATUS_LABELS, type ProductDetail } from './use-products';

type Channel = TCatalogChannel;
const CHANNELS = CATALOG_CHANNELS;

/**
 * Product-debug-view: on a chosen channel, what each item of the product would send — every attribute's
 * value, the layer it comes from (source, override or rule) and its issues. Loaded only when opened.
 */
export function ProductDebugView({
  shopId,
  productId,
  variants,
}: {
  shopId: string;
  productId: number;
  variants: ProductDetail['variants'];
}) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<Channel>('google');
  const [variantId, setVariantId] = useState('');
  const view = trpc.products.debugView.useQuery(
    { shop_id: shopId, id: productId, channel, ...(variantId ? { variant_id: variantId } : {}) },
    { enabled: open },
  );
  return (
    <Card className="grid gap-3 p-4">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer font-semibold">Debug view</summary>
        <div className="mt-3 grid gap-3">
          <div className="flex flex-wrap gap-3">
            <label className="grid gap-1 text-sm">
              Channel
              <NativeSelect value={channel} onChange={(e) => setChannel(e.target.value as Channel)}>
                {CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {CHANNEL_NAMES[c]}
                  </option>
                ))}
              </NativeSelect>
            </label>
            {variants.length ? (
              <label className="grid gap-1 text-sm">
                Variant
                <NativeSelect value={variantId} onChange={(e) => setVariantId(e.target.value)}>
                  <option value="">All variants</option>
                  {variants.map((v) => (
                    <option key={v.id} value={v.id}>
                      {v.offer_id}
                    </option>
                  ))}
                </NativeSelect>
              </label>
            ) : null}
          </div>
          {view.isError ? <p className="text-sm text-destructive">{view.error.message}</p> : null}
          {!view.data ? (
            view.isError ? null : (
              <Skeleton className="h-32" />
            )
          ) : (
            <>
              <p className="text-sm">
                Status on {CHANNEL_NAMES[view.data.channel]}:{' '}
                {view.data.status ? STATUS_LABELS[view.data.status] : 'Not judged yet'}
              </p>
              {view.data.items.map((item) => (
                <div key={item.offer_id} className="grid gap-2">
                  <h3 className="text-sm font-medium">Item {item.offer_id}</h3>
                  {item.issues.map((i, n) => (
                    <p key={n} className="text-sm text-destructive">
                      {i.message}
                    </p>
                  ))}
                  <Table aria-label={`${CHANNEL_NAMES[view.data.channel]} attributes of ${item.offer_id}`}>
                    <TableHeader>
                      <TableRow>
                        <TableHead>Attribute</TableHead>
                        <TableHead>Value sent</TableHead>
                        <TableHead>Layer</TableHead>
                        <TableHead>Issues</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {item.attributes.map((a) => (
                        <TableRow key={a.attribute}>
                          <TableCell className="font-mono text-xs">
                            {a.attribute}
                            {a.required ? ' *' : ''}
                          </TableCell>
                          <TableCell className="max-w-96 text-xs break-words whitespace-normal">
                            {a.value === null ? (
                              <span className="text-muted-foreground">Not sent</span>
                            ) : (
                              describeValue(a.value)
                            )}
                          </TableCell>
                          <TableCell>
                            <Badge variant={a.layer === 'source' ? 'muted' : 'default'}>
                              {LAYER_LABELS[a.layer]}
                            </Badge>
                          </TableCell>
                          <TableCell className="max-w-96 text-xs whitespace-normal">
                            {a.issues.map((i, n) => (
                              <p
                                key={n}
                                className={
                                  i.severity === 'error' ? 'text-destructive' : 'text-muted-foreground'
                                }
                              >
                                {i.message}
                              </p>
                            ))}
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
              ))}
            </>
          )}
        </div>
      </details>
    </Card>
  );
}
