import type { TChannelKey } from '@feedloom/validation';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { trpc } from '@/lib/trpc';
import {
  CHANNEL_NAME,
  StepError,
  StepFormActions,
  StepLoading,
  useStepSaved,
  WizardStepFrame,
} from './wizard';

type Market = { country: string; language: string; currency: string };

/**
 * /target-market/{shop_id}/{channel} and its edit route (Google, Microsoft): the country, content language and
 * currency, among those the channel sells to, saved through select-target-market.
 */
function ChannelTargetMarketScreen({ shopId, channel }: { shopId: string; channel: 'google' | 'bing' }) {
  const data = trpc.channelWizard.targetMarketData.useQuery({ shop_id: shopId, channel });
  const [edited, setEdited] = useState<Market | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const saved = useStepSaved(channel, shopId);
  const save = trpc.channelWizard.selectTargetMarket.useMutation({ onSuccess: saved });

  let body;
  if (data.isPending) body = <StepLoading />;
  else if (data.isError)
    body = <StepError message={data.error.message} onRetry={() => void data.refetch()} />;
  else {
    const market = edited ?? data.data.selected ?? data.data.suggested;
    const country = data.data.countries.find((c) => c.code === market.country);
    const languages = data.data.languages.filter((l) => country?.languages.includes(l.code));
    const currencies = data.data.currencies.filter((c) => country?.currencies.includes(c.code));
    const onCountry = (code: string) => {
      const next = data.data.countries.find((c) => c.code === code);
      setEdited({
        country: code,
        language: next?.languages.includes(market.language) ? market.language : (next?.languages[0] ?? ''),
        currency: next?.currencies.includes(market.currency) ? market.currency : (next?.currencies[0] ?? ''),
      });
    };
    const submit = (e: FormEvent) => {
      e.preventDefault();
      const empty = !market.country
        ? 'Target country is required.'
        : !market.language
          ? 'Content language is required.'
          : !market.currency
            ? 'Currency is required.'
            : null;
      setMissing(empty);
      if (!empty) save.mutate({ shop_id: shopId, channel, ...market });
    };
    body = (
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <div className="grid gap-2">
          <Label htmlFor="tm-country">Target country</Label>
          <NativeSelect id="tm-country" value={market.country} onChange={(e) => onCountry(e.target.value)}>
            <option value="">Select a country</option>
            {data.data.countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="tm-language">Content language</Label>
          <NativeSelect
            id="tm-language"
            value={market.language}
            onChange={(e) => setEdited({ ...market, language: e.target.value })}
          >
            <option value="">Select a language</option>
            {languages.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="tm-currency">Currency</Label>
          <NativeSelect
            id="tm-currency"
            value={market.currency}
            onChange={(e) => setEdited({ ...market, currency: e.target.value })}
          >
            <option value="">Select a currency</option>
            {currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {c.code} — {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        {missing ? <FormAlert>{missing}</FormAlert> : null}
        {save.isError ? <FormAlert>{save.error.message}</FormAlert> : null}
        <StepFormActions
          shopId={shopId}
          label={data.data.integration_once_completed ? 'Save target market' : 'Save and continue'}
          saving={save.isPending}
        />
      </form>
    );
  }

  return (
    <WizardStepFrame
      shopId={shopId}
      channel={channel}
      step="target-market"
      title="Choose your target market"
      description={`Where ${CHANNEL_NAME[channel].label} shows your products, the language of their texts and the currency of their prices.`}
    >
      {body}
    </WizardStepFrame>
  );
}

/** /target-market/{shop_id}/{channel} and /target-market/edit/…: Google's and Microsoft's; Meta has none. */
export function TargetMarketScreen() {
  const { shop_id: shopId = '', channel } = useParams<{ shop_id: string; channel: TChannelKey }>();
  if (channel === 'google' || channel === 'bing')
    return <ChannelTargetMarketScreen shopId={shopId} channel={channel} />;
  return (
    <section className="mx-auto grid w-full max-w-content justify-items-start gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">No target market</h1>
      <p className="text-sm text-muted-foreground">
        Meta catalogs have no target market: go on with the feed settings.
      </p>
      <Button asChild variant="outline">
        <Link to={paths.channelFeedConfig('facebook', shopId)}>Feed settings</Link>
      </Button>
    </section>
  );
}
