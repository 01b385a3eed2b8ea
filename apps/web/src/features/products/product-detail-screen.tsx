import { countText, PRODUCT_CHANNEL_LABELS, ZProductAttributesSchema } from '@feedloom/validation';
import { ArrowLeft, ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
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
import { ProductImage } from './product-image';
import { ProductDebugView } from './product-debug-view';
import {
  ALL_FIELDS,
  FIELD_GROUPS,
  formValueOf,
  inputValueOf,
  isWide,
  payloadOf,
  ProductField,
  sameValue,
  VARIANT_FIELDS,
  type FieldSpec,
  type FormValue,
} from './product-fields';
import { ProductStatusIcon } from './product-status';
import {
  CHANNEL_NAMES,
  findInputOf,
  productDetailHref,
  STATUS_LABELS,
  useCanManageProducts,
  ZProductListParamsSchema,
  type ProductDetail,
} from './use-products';

/** /manage-products/detail/{product_id}. */
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

type FieldsOf = ProductDetail['fields'];

const textValue = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
/** The product's picture, else its first variant's (a variable Shopify product's are on its variants). */
const imageOf = (detail: ProductDetail): string | null =>
  textValue(detail.fields.image_link?.value) ?? textValue(detail.variants[0]?.fields.image_link?.value);

const initialValues = (specs: readonly FieldSpec[], fields: FieldsOf) =>
  Object.fromEntries(specs.map((f) => [f.field, formValueOf(f, fields[f.field]?.value)])) as Record<
    string,
    FormValue
  >;

/** Error messages by the form key they concern (`data.highlights.1` and `highlights` both name highlights). */
const errorsByField = (errors: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [
      path.replace(/^data\./, '').split('.')[0] ?? path,
      message,
    ]),
  );

/**
 * The edit form of a product or one variant: the values as typed, what changed, and the payload of the
 * changes checked with the rules before anything is sent.
 */
function useFieldsForm(specs: readonly FieldSpec[], fields: FieldsOf) {
  const [values, setValues] = useState(() => initialValues(specs, fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setValues(initialValues(specs, fields)), [specs, fields]);
  const initial = initialValues(specs, fields);
  const changed = specs.filter((f) => !sameValue(values[f.field], initial[f.field]));
  return {
    values,
    errors,
    changed,
    setErrors: (e: Record<string, string>) => setErrors(errorsByField(e)),
    set: (field: string, v: FormValue) => setValues((prev) => ({ ...prev, [field]: v })),
    discard: () => setValues(initial),
    /** The changes as an edit payload, or undefined (with the errors shown) when a rule refuses one. */
    payload: (): Record<string, unknown> | undefined => {
      const data: Record<string, unknown> = {};
      for (const f of changed) data[f.formKey] = payloadOf(f, values[f.field] ?? '');
      const parsed = ZProductAttributesSchema.safeParse(data);
      if (!parsed.success) {
        setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
        return undefined;
      }
      return data;
    },
  };
}

function FieldsGrid({
  specs,
  fields,
  form,
  canEdit,
  onReset,
}: {
  specs: readonly FieldSpec[];
  fields: FieldsOf;
  form: ReturnType<typeof useFieldsForm>;
  canEdit: boolean;
  onReset: (field: string) => void;
}) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {specs.map((spec) => (
        <div key={spec.field} className={isWide(spec) ? 'md:col-span-2' : undefined}>
          <ProductField
            spec={spec}
            stored={fields[spec.field]}
            value={form.values[spec.field] ?? ''}
            error={form.errors[spec.formKey]}
            canEdit={canEdit}
            onChange={(v) => form.set(spec.field, v)}
            onReset={() => onReset(spec.field)}
          />
        </div>
      ))}
    </div>
  );
}

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
  const form = useFieldsForm(ALL_FIELDS, detail.fields);
  const [confirmReset, setConfirmReset] = useState<ProductDetail | null>(null);

  const update = trpc.products.update.useMutation({
    onSuccess: ({ message, data }) => {
      snackbar.success(message);
      utils.products.get.setData({ shop_id: shopId, id: data.id }, data);
      void utils.products.find.invalidate();
      void utils.products.counts.invalidate();
      void utils.products.debugView.invalidate();
      form.setErrors({});
      setConfirmReset(null);
    },
    onError: (error) => form.setErrors(fieldErrorsOf(error)),
  });
  const send = (data: Record<string, unknown>, variantId?: string) =>
    update.mutate({
      shop_id: shopId,
      product_id: detail.id,
      data,
      ...(variantId ? { variant_id: variantId } : {}),
    });
  const save = () => {
    const data = form.payload();
    if (data) send(data);
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
      <div className="flex items-start gap-4">
        <ProductImage src={imageOf(detail)} className="size-20" />
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">
            Offer id {detail.offer_id}
            {detail.data_source_name ? ` · from ${detail.data_source_name}` : ''}
            {detail.variants.length ? ` · ${countText(detail.variants.length, 'variant')}` : ''}
          </p>
          {detail.offer_claims.map((claim) => (
            <p key={claim.data_source_name} role="status" className="mt-1 text-sm text-amber-700">
              {claim.message}
            </p>
          ))}
        </div>
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
          <FieldsGrid
            specs={group.fields}
            fields={detail.fields}
            form={form}
            canEdit={canEdit}
            onReset={(field) => send({ reset_to_source: [field] })}
          />
        </Card>
      ))}

      <Resubmit
        detail={detail}
        canEdit={canEdit}
        isPending={update.isPending}
        onResubmit={(fields) => send({ resubmit: fields })}
      />

      {detail.variants.length ? (
        <Card className="grid gap-3 p-4">
          <h2 className="font-semibold">Variants</h2>
          {detail.variants.map((variant) => (
            <VariantEditor
              key={variant.id}
              variant={variant}
              canEdit={canEdit}
              isPending={update.isPending}
              send={(data) => send(data, variant.id)}
            />
          ))}
        </Card>
      ) : null}

      <ProductDebugView shopId={shopId} productId={detail.id} variants={detail.variants} />

      {canEdit ? (
        <div className="sticky bottom-0 flex flex-wrap justify-end gap-2 border-t border-border bg-background py-3">
          <Button variant="outline" onClick={() => setConfirmReset(detail)}>
            Reset product to source
          </Button>
          <Button variant="outline" disabled={form.changed.length === 0} onClick={form.discard}>
            Discard changes
          </Button>
          <Button disabled={form.changed.length === 0} isLoading={update.isPending} onClick={save}>
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

/** Spec the data model `resubmit`: the fields to send to the channels again, and the last request. */
function Resubmit({
  detail,
  canEdit,
  isPending,
  onResubmit,
}: {
  detail: ProductDetail;
  canEdit: boolean;
  isPending: boolean;
  onResubmit: (fields: string[]) => void;
}) {
  const id = useId();
  const [fields, setFields] = useState<string[]>([]);
  const labelOf = (field: string) => ALL_FIELDS.find((f) => f.field === field)?.label ?? field;
  return (
    <Card className="grid gap-3 p-4">
      <h2 className="font-semibold">Resubmit</h2>
      {detail.resubmission ? (
        <p className="text-sm text-muted-foreground">
          Resubmission requested {new Date(detail.resubmission.requested_at).toLocaleString()} for{' '}
          {detail.resubmission.fields.map(labelOf).join(', ')}.
        </p>
      ) : null}
      {canEdit ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid gap-1.5">
            <label htmlFor={id} className="text-sm font-medium">
              Fields to resubmit
            </label>
            <select
              id={id}
              multiple
              size={5}
              className="min-w-64 rounded-md border border-input bg-background px-2 py-1 text-sm"
              value={fields}
              onChange={(e) => setFields([...e.target.selectedOptions].map((o) => o.value))}
            >
              {ALL_FIELDS.map((f) => (
                <option key={f.field} value={f.field}>
                  {f.label}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="outline"
            disabled={fields.length === 0}
            isLoading={isPending}
            onClick={() => onResubmit(fields)}
          >
            Request resubmission
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

function VariantEditor({
  variant,
  canEdit,
  isPending,
  send,
}: {
  variant: ProductDetail['variants'][number];
  canEdit: boolean;
  isPending: boolean;
  send: (data: Record<string, unknown>) => void;
}) {
  const form = useFieldsForm(VARIANT_FIELDS, variant.fields);
  const [open, setOpen] = useState(false);
  const name = inputValueOf(variant.fields.size?.value ?? variant.fields.color?.value) || variant.offer_id;
  return (
    <div className="rounded-md border border-border">
      <button
        type="button"
        className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <span>
          <span className="font-medium">{variant.offer_id}</span>
          <span className="text-muted-foreground"> · {name}</span>
        </span>
        <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
      </button>
      {open ? (
        <div className="grid gap-3 border-t border-border p-3">
          <FieldsGrid
            specs={VARIANT_FIELDS}
            fields={variant.fields}
            form={form}
            canEdit={canEdit}
            onReset={(field) => send({ reset_to_source: [field] })}
          />
          {canEdit ? (
            <div className="flex justify-end gap-2">
              <Button variant="outline" size="sm" disabled={form.changed.length === 0} onClick={form.discard}>
                Discard
              </Button>
              <Button
                size="sm"
                disabled={form.changed.length === 0}
                isLoading={isPending}
                onClick={() => {
                  const data = form.payload();
                  if (data) send(data);
                }}
              >
                Save variant {variant.offer_id}
              </Button>
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
