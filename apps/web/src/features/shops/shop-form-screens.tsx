import type { TShopFormInput } from '@feedloom/validation';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { FormPage } from '@/components/layout/form-page';
import { Button } from '@/components/ui/button';
import { useSnackbar } from '@/components/ui/snackbar';
import { useSessionActions } from '@/features/auth/use-session';
import { trpc } from '@/lib/trpc';
import { useChildFormServerErrors } from '@/lib/use-server-errors';
import { ShopForm, ShopFormSkeleton } from './shop-form';
import { useRefreshShops } from './use-shops';

/** /add-store: a new shop of the active organisation; the first one becomes the active shop. */
export function AddShopScreen() {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const { update } = useSessionActions();
  const refreshShops = useRefreshShops();
  const { setForm, serverErrors } = useChildFormServerErrors<TShopFormInput>();
  const create = trpc.shops.create.useMutation({
    ...serverErrors,
    onSuccess: ({ message, session }) => {
      snackbar.show(message, 'success');
      update(session);
      refreshShops();
      void navigate(paths.storeList);
    },
  });
  return (
    <FormPage
      title="Add Store"
      description="Tell us about your online shop. You connect it to channels next."
    >
      <ShopForm
        isSaving={create.isPending}
        onSubmit={(values) => create.mutate(values)}
        formRef={setForm}
        onCancel={() => void navigate(-1)}
      />
    </FormPage>
  );
}

/** /store-list/edit/{shop_id}. */
export function EditShopScreen() {
  const { shop_id: shopId = '' } = useParams();
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const refreshShops = useRefreshShops();
  const shop = trpc.shops.get.useQuery({ id: shopId }, { enabled: Boolean(shopId) });
  const { setForm, serverErrors } = useChildFormServerErrors<TShopFormInput>();
  const save = trpc.shops.update.useMutation({
    ...serverErrors,
    onSuccess: ({ message, shop: saved }) => {
      snackbar.show(message, 'success');
      refreshShops(saved.id);
      void navigate(paths.storeList);
    },
  });

  let body;
  if (shop.isPending) body = <ShopFormSkeleton />;
  else if (shop.isError) {
    body = (
      <div className="grid justify-items-start gap-3 text-sm">
        <p>This store could not be found in your organisation.</p>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.storeList}>Back to stores</Link>
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
          <Link to={paths.storeList}>Back to stores</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <ShopForm
        shop={shop.data}
        isSaving={save.isPending}
        onSubmit={(values) => save.mutate({ id: shopId, data: values })}
        formRef={setForm}
        onCancel={() => void navigate(-1)}
      />
    );
  }
  return (
    <FormPage title="Edit Store" description="Change your store’s name, address, currency or timezone.">
      {body}
    </FormPage>
  );
}
