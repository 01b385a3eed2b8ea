import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { trpc } from '@/lib/trpc';
import { QueryStepFrame, useCaptureGoogleStep } from './wizard';

/** /shipping-validation/{shop_id}: the account's shipping services for the target country. */
export function ShippingValidationScreen() {
  const { shop_id: shopId = '' } = useParams();
  const shipping = trpc.channels.shippingSettings.useQuery({ shop_id: shopId }, { retry: false });
  const capture = useCaptureGoogleStep(shopId);
  const [confirmed, setConfirmed] = useState(false);

  return (
    <QueryStepFrame
      shopId={shopId}
      step="shipping-validation"
      title="Check your shipping"
      description="Google needs shipping costs for every product, from your Merchant Center account or from the product itself."
      query={shipping}
    >
      {(s) => (
        <>
          {s.services.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Your Merchant Center account has no shipping service.
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Shipping services">
              {s.services.map((x) => (
                <li key={x.service_name} className="rounded-md border p-3 text-sm">
                  <span className="font-medium">{x.service_name}</span>{' '}
                  <span className="text-muted-foreground">
                    {x.active ? 'active' : 'inactive'} · {x.countries.join(', ') || 'no country'}
                    {x.currency ? ` · ${x.currency}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {s.covers_target_country ? (
            <p className="text-sm">Shipping to {s.target_country} is set up in Merchant Center.</p>
          ) : (
            <div className="grid gap-2 text-sm">
              <FormAlert>
                No active shipping service delivers to {s.target_country ?? 'your target country'}. Add
                shipping settings in Merchant Center and check again, or make sure every product carries its
                own shipping attribute — Google disapproves products without shipping.
              </FormAlert>
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
                Every product of this store carries its own shipping
              </label>
            </div>
          )}
          {capture.isError ? <FormAlert>{capture.error.message}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={!s.covers_target_country && !confirmed}
              isLoading={capture.isPending}
              onClick={() =>
                capture.mutate({
                  shop_id: shopId,
                  channel: 'google',
                  step: 'shipping-validation',
                  ...(s.covers_target_country ? {} : { products_carry_shipping: true }),
                })
              }
            >
              Continue
            </Button>
            <Button variant="outline" isLoading={shipping.isFetching} onClick={() => void shipping.refetch()}>
              Check again
            </Button>
          </div>
        </>
      )}
    </QueryStepFrame>
  );
}
