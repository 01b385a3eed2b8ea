import { useParams } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { trpc } from '@/lib/trpc';
import { QueryStepFrame, useCaptureGoogleStep } from './wizard';

const STATE_LABEL = {
  ENABLED: 'Enabled',
  ELIGIBLE: 'Eligible, not enabled',
  NOT_ELIGIBLE: 'Not eligible',
  UNKNOWN: 'Unknown',
};
const STATE_BADGE = {
  ENABLED: 'success',
  ELIGIBLE: 'warning',
  NOT_ELIGIBLE: 'muted',
  UNKNOWN: 'muted',
} as const;

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/**
 * A destination's state for the target country: "Enabled" only when it serves that country; a program enabled
 * for other countries only is not enabled for this market.
 */
function targetStateLabel(
  d: { state: keyof typeof STATE_LABEL; serves_target_country: boolean },
  target: string | null,
) {
  const country = target ? (countryNames.of(target) ?? target) : null;
  if (!country) return { label: STATE_LABEL[d.state], variant: STATE_BADGE[d.state] };
  if (d.serves_target_country) return { label: `Enabled for ${country}`, variant: 'success' as const };
  if (d.state === 'ENABLED') return { label: `Not enabled for ${country}`, variant: 'warning' as const };
  return { label: `${STATE_LABEL[d.state]} for ${country}`, variant: STATE_BADGE[d.state] };
}

/** /destination-validation/{shop_id}: the Merchant Center programs of the account and what they lack. */
export function DestinationValidationScreen() {
  const { shop_id: shopId = '' } = useParams();
  const destinations = trpc.channelWizard.destinations.useQuery({ shop_id: shopId }, { retry: false });
  const capture = useCaptureGoogleStep(shopId);

  return (
    <QueryStepFrame
      shopId={shopId}
      step="destination-validation"
      title="Check your destinations"
      description="Your products reach Google through the programs enabled in your Merchant Center account for your target country."
      query={destinations}
    >
      {(d) => (
        <>
          {d.destinations.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Merchant Center reports no destination for this account.
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Destinations">
              {d.destinations.map((x) => {
                const shown = targetStateLabel(x, d.target_country);
                const elsewhere = x.active_countries.filter((c) => c !== d.target_country);
                return (
                  <li
                    key={x.program}
                    className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm"
                  >
                    <span>
                      <span className="font-medium">{x.label}</span>{' '}
                      {elsewhere.length > 0 ? (
                        <span className="text-muted-foreground">
                          ({x.serves_target_country ? 'also' : 'only'} enabled for {elsewhere.join(', ')})
                        </span>
                      ) : null}
                    </span>
                    <Badge variant={shown.variant} data-testid={`destination-${x.program}`}>
                      {shown.label}
                    </Badge>
                  </li>
                );
              })}
            </ul>
          )}
          {d.missing.length > 0 ? (
            <div className="grid gap-1 text-sm">
              <h2 className="font-medium">{d.ready ? 'Good to know' : 'What is missing'}</h2>
              <ul className="list-disc pl-5 text-muted-foreground">
                {d.missing.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {capture.isError ? <FormAlert>{capture.error.message}</FormAlert> : null}
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={!d.ready}
              isLoading={capture.isPending}
              onClick={() =>
                capture.mutate({ shop_id: shopId, channel: 'google', step: 'destination-validation' })
              }
            >
              Continue
            </Button>
            <Button
              variant="outline"
              isLoading={destinations.isFetching}
              onClick={() => void destinations.refetch()}
            >
              Check again
            </Button>
          </div>
        </>
      )}
    </QueryStepFrame>
  );
}
