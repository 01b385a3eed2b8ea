import { PRODUCT_CHANNEL_LABELS, ZProductAttributesSchema } from '@feedloom/validation';
import { ArrowLeft, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSnackbar } from '@/components/ui/snackbar';
import { useRequiredSession } from '@/features/auth/use-session';
import { fieldErrorsOf } from '@/lib/api-errors';
import { trpc } from '@/lib/trpc';
import { IssueItem } from './product-errors-dialog';
import { ALL_FIELDS, FIELD_GROUPS, inputValueOf, ProductField } from './product-fields';
import { ProductStatusIcon } from './product-status';
import {
  findInputOf,
  productDetailHref,
  STATUS_LABELS,
  useCanManageProducts,
  ZProductListParamsSchema,
  type ProductDetail,
} from './use-products';

const CHANNEL_NAMES: Record<string, string> = {
  google: 'Google',
  microsoft: 'Microsoft (Bing)',
  meta: 'Meta',
};

/** Spec §2 /manage-products/detail/{product_id}. */
export function ProductDetailScreen() {
  const shopId = useRequiredSession().active_shop_id;
  const { product_id: raw = '' } = useParams();
  const productId = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const location = useLocation();
  const listHref = `/manage-products${location.search}`;
  const product = trpc.products.get.useQuery(
    { shop_id: shopId ?? '', id: productId },
    { enabled: Boolean(shopId) && productId > 0 },
  );

  if (!shopId || productId === 0 || product.isError) {
    return (
      <Card className="mx-auto max-w-xl p-8 text-center">
        <p className="font-medium">{product.error?.message ?? 'Product not found.'}</p>
        <Button asChild variant="outline" className="mt-4">
          <Link to={listHref}>Back to products</Link>
        </Button>
      </Card>
    );
  }
  if (!product.data) {
    return (
      <div className="mx-auto grid w-full max-w-5xl gap-4" aria-busy="true" aria-label="Loading product">
        <Skeleton className="h-8 w-96" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  return (
    <ProductDetailView key={product.data.id} shopId={shopId} detail={product.data} listHref={listHref} />
  );
}

function Neighbours({ shopId, productId }: { shopId: string; productId: number }) {
  const location = useLocation();
  const params = useMemo(
    () => ZProductListParamsSchema.parse(Object.fromEntries(new URLSearchParams(location.search))),
    [location.search],
  );
  const base = {
    ...findInputOf(shopId, {
      ...params,
      last_internal_product_id: undefined,
      first_internal_product_id: undefined,
    }),
    use_case: 'product_detail' as const,
    limit: 1,
  };
  const next = trpc.products.find.useQuery({ ...base, last_internal_product_id: productId });
  const prev = trpc.products.find.useQuery({ ...base, first_internal_product_id: productId });
  const nav = (row: { id: number } | undefined, label: string, Icon: typeof ChevronLeft) =>
    row ? (
      <Button asChild variant="outline" size="sm">
        <Link to={productDetailHref(row.id, location.search)} aria-label={`${label} product`}>
          {label === 'Previous' ? <Icon aria-hidden="true" /> : null}
          {label}
          {label === 'Next' ? <Icon aria-hidden="true" /> : null}
        </Link>
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled>
        {label}
      </Button>
    );
  return (
    <div className="flex gap-2">
      {nav(prev.data?.data[0], 'Previous', ChevronLeft)}
      {nav(next.data?.data[0], 'Next', ChevronRight)}
    </div>
  );
}

const initialValues = (detail: ProductDetail) =>
  Object.fromEntries(ALL_FIELDS.map((f) => [f.field, inputValueOf(detail.fields[f.field]?.value)]));

function ProductDetailView({
  shopId,
  detail,
  listHref,
}: {
  shopId: string;
  detail: ProductDetail;
  listHref: string;
}) {
  const canEdit = useCanManageProducts();
  const snackbar = useSnackbar();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(detail));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirmReset, setConfirmReset] = useState<ProductDetail | null>(null);
  useEffect(() => setValues(initialValues(detail)), [detail]);

  const update = trpc.products.update.useMutation({
    onSuccess: ({ message, data }) => {
      snackbar.success(message);
      utils.products.get.setData({ shop_id: shopId, id: data.id }, data);
      void utils.products.find.invalidate();
      void utils.products.counts.invalidate();
      setErrors({});
      setConfirmReset(null);
    },
    onError: (error) => setErrors(fieldErrorsOf(error)),
  });
  const send = (data: Record<string, unknown>) =>
    update.mutate({ shop_id: shopId, product_id: detail.id, data });

  const initial = initialValues(detail);
  const changed = ALL_FIELDS.filter((f) => values[f.field] !== initial[f.field]);
  const save = () => {
    const data: Record<string, unknown> = {};
    for (const f of changed) {
      const v = values[f.field] ?? '';
      data[f.formKey] = f.kind === 'money' || f.kind === 'number' ? (v.trim() === '' ? null : Number(v)) : v;
    }
    const parsed = ZProductAttributesSchema.safeParse(data);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    send(data);
  };

  const title = inputValueOf(detail.fields.title?.value) || detail.offer_id;
  return (
    <section className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" size="sm" onClick={() => navigate(listHref)}>
          <ArrowLeft aria-hidden="true" />
          Products
        </Button>
        <Neighbours shopId={shopId} productId={detail.id} />
      </div>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">
          Offer id {detail.offer_id}
          {detail.data_source_name ? ` · from ${detail.data_source_name}` : ''}
          {detail.variants.length ? ` · ${detail.variants.length} variants` : ''}
        </p>
      </div>

      <Card className="grid gap-3 p-4">
        <h2 className="font-semibold">Channels</h2>
        {detail.channels.map((c) => (
          <div key={c.channel} className="grid gap-2">
            <p className="text-sm">
              <span className="font-medium">{CHANNEL_NAMES[c.channel]}</span>:{' '}
              {c.status ? STATUS_LABELS[c.status] : 'Not judged yet'}
              {c.channel === 'google'
                ? ` (${PRODUCT_CHANNEL_LABELS.free_listings}, ${PRODUCT_CHANNEL_LABELS.shopping_ads}, ${PRODUCT_CHANNEL_LABELS.display_ads})`
                : ''}
            </p>
            {c.status === 'error' ? <ProductStatusIcon state="errors" /> : null}
            {c.issues.length ? (
              <ul className="grid gap-2" aria-label={`${CHANNEL_NAMES[c.channel]} issues`}>
                {c.issues.map((issue, i) => (
                  <IssueItem key={`${issue.code}-${issue.attribute}-${i}`} issue={issue} />
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </Card>

      {FIELD_GROUPS.map((group) => (
        <Card key={group.title} className="grid gap-4 p-4">
          <h2 className="font-semibold">{group.title}</h2>
          <div className="grid gap-4 md:grid-cols-2">
            {group.fields.map((spec) => (
              <div
                key={spec.field}
                className={spec.kind === 'textarea' || spec.field === 'title' ? 'md:col-span-2' : undefined}
              >
                <ProductField
                  spec={spec}
                  stored={detail.fields[spec.field]}
                  value={values[spec.field] ?? ''}
                  error={errors[spec.formKey]}
                  canEdit={canEdit}
                  onChange={(v) => setValues((prev) => ({ ...prev, [spec.field]: v }))}
                  onReset={() => send({ reset_to_source: [spec.field] })}
                />
              </div>
            ))}
          </div>
        </Card>
      ))}

      {canEdit ? (
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-border bg-background py-3">
          <Button variant="outline" onClick={() => setConfirmReset(detail)}>
            Reset product to source
          </Button>
          <Button variant="outline" disabled={changed.length === 0} onClick={() => setValues(initial)}>
            Discard changes
          </Button>
          <Button disabled={changed.length === 0} isLoading={update.isPending} onClick={save}>
            Save changes
          </Button>
        </div>
      ) : null}

      <ConfirmDialog
        subject={confirmReset}
        title={() => 'Reset this product to its source values?'}
        description={() =>
          'Every edit made in Feedloom on this product is removed; the values of its data source apply again.'
        }
        confirmLabel="Reset to source"
        isPending={update.isPending}
        onConfirm={() => send({ reset: true })}
        onCancel={() => setConfirmReset(null)}
      />
    </section>
  );
}
