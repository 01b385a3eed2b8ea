import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { StoreForm, StoreFormSkeleton, type StoreFormValues } from './store-form';
import { STORE_LIST_PATH, useRefreshShops } from './use-shops';

function StoreFormPage({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto w-full max-w-content">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{description}</p>
      <Card className="mt-6">
        <CardContent className="pt-6">{children}</CardContent>
      </Card>
    </section>
  );
}

/** /add-store: a new shop of the active organisation; the first one becomes the active shop. */
export function AddStoreScreen() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { update } = useSessionActions();
  const refreshShops = useRefreshShops();
  const create = trpc.shops.create.useMutation({
    onSuccess: ({ message, session }) => {
      snackbar.show(message, 'success');
      update(session);
      refreshShops();
      void navigate(STORE_LIST_PATH);
    },
  });
  return (
    <StoreFormPage
      title="Add Store"
      description="Tell us about your online shop. You connect it to channels next."
    >
      <StoreForm
        isSaving={create.isPending}
        onSubmit={(values: StoreFormValues) => create.mutate(values)}
        onCancel={() => void navigate(-1)}
      />
    </StoreFormPage>
  );
}

/** /store-list/edit/{shop_id}. */
export function EditStoreScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refreshShops = useRefreshShops();
  const shop = trpc.shops.get.useQuery({ id: shopId }, { enabled: Boolean(shopId) });
  const save = trpc.shops.update.useMutation({
    onSuccess: ({ message, shop: saved }) => {
      snackbar.show(message, 'success');
      refreshShops(saved.id);
      void navigate(STORE_LIST_PATH);
    },
  });

  let body;
  if (shop.isPending) body = <StoreFormSkeleton />;
  else if (shop.isError) {
    body = (
      <div className="grid justify-items-start gap-3 text-sm">
        <p>This store could not be found in your organisation.</p>
        <Button asChild variant="outline" size="sm">
          <Link to={STORE_LIST_PATH}>Back to stores</Link>
        </Button>
      </div>
    );
  } else if (shop.data.status === 'deleted') {
    body = (
      <div className="grid justify-items-start gap-3 text-sm">
        <p>
          <strong>{shop.data.shop_name}</strong> is deleted. Reactivate it from the store list to edit it.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={STORE_LIST_PATH}>Back to stores</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <StoreForm
        shop={shop.data}
        isSaving={save.isPending}
        onSubmit={(values) => save.mutate({ id: shopId, data: values })}
        onCancel={() => void navigate(-1)}
      />
    );
  }
  return (
    <StoreFormPage title="Edit Store" description="Change your store’s name, address, currency or timezone.">
      {body}
    </StoreFormPage>
  );
}
