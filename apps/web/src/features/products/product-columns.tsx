import { countText } from '@feedloom/validation';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { DataTableColumns } from '@/components/data-table/data-table';
import { Button } from '@/components/ui/button';
import { ProductImage } from './product-image';
import { ProductStatusIcon } from './product-status';
import { ProductVariants } from './product-variants';
import type { ProductRow } from './use-products';

export interface ProductRowActions {
  shopId: string;
  activeChannel: string;
  channelLabel: string;
  detailHref: (row: ProductRow) => string;
  expanded: ReadonlySet<number>;
  onToggleVariants: (row: ProductRow) => void;
  onShowIssues: (row: ProductRow) => void;
}

const dash = (v: string | null) => v ?? <span className="text-muted-foreground">—</span>;

/** Column widths: title 400, brand 100, category 300, type 100, channels 280. */
export function productColumns(a: ProductRowActions): DataTableColumns<ProductRow> {
  return [
    {
      id: 'title',
      header: 'Title',
      size: 400,
      minSize: 400,
      meta: { isRowHeader: true },
      cell: ({ row: { original: p } }) => {
        const open = a.expanded.has(p.id);
        return (
          <div className="grid gap-1">
            <div className="flex items-start gap-3">
              <ProductImage src={p.image_link} className="size-10" />
              <div className="min-w-0">
                <Link to={a.detailHref(p)} className="line-clamp-2 font-medium hover:underline">
                  {p.title ?? p.offer_id}
                </Link>
                <div className="text-xs text-muted-foreground">
                  {p.offer_id}
                  {p.price ? ` · ${p.price}` : ''}
                  {p.sku ? ` · SKU ${p.sku}` : ''}
                </div>
                {p.variant_count > 0 ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto px-0 text-xs"
                    aria-expanded={open}
                    onClick={() => a.onToggleVariants(p)}
                  >
                    {open ? <ChevronDown aria-hidden="true" /> : <ChevronRight aria-hidden="true" />}
                    {countText(p.variant_count, 'variant')}
                  </Button>
                ) : null}
              </div>
            </div>
            {open ? (
              <ProductVariants shopId={a.shopId} productId={p.id} activeChannel={a.activeChannel} />
            ) : null}
          </div>
        );
      },
    },
    { id: 'brand', header: 'Brand', size: 100, minSize: 100, cell: ({ row }) => dash(row.original.brand) },
    {
      id: 'category',
      header: 'Category',
      size: 300,
      minSize: 300,
      cell: ({ row }) => dash(row.original.category_name),
    },
    {
      id: 'product_type',
      header: 'Type',
      size: 100,
      minSize: 100,
      cell: ({ row }) => dash(row.original.product_type),
    },
    {
      id: 'channels',
      header: a.channelLabel,
      size: 280,
      minSize: 280,
      cell: ({ row: { original: p } }) => (
        <div className="flex flex-col items-start gap-1">
          <ProductStatusIcon state={p.icon_state} status={p.status} />
          {p.error_count + p.warning_count > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto px-0 text-xs"
              onClick={() => a.onShowIssues(p)}
            >
              {countText(p.error_count, 'error')}, {countText(p.warning_count, 'warning')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];
}
