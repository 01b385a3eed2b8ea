import type { TChannelKey } from '@feedloom/validation';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { CHANNEL_NAME, QueryError, StepFormActions, StepLoading } from './wizard';

// The link-account step's account picker, one for every channel: Google's Merchant Center accounts, Microsoft's
// advertising account and store, Meta's business account and catalog.

/** What the picker reads of a query: whether it loads, its error, and how to ask again. */
type TQueryState = { isPending: boolean; refetch: () => unknown } & (
  { isError: true; error: { message: string } } | { isError: false }
);

/** A radio of the picker: the account's name and, in brackets, what tells it apart. */
export interface TAccountOption {
  value: string;
  name: string;
  detail: string;
}

/**
 * The item of `items` the merchant chose by its id: the first one until they choose (or when the chosen one
 * is no longer listed).
 */
export function useChoice<T>(items: readonly T[] | undefined, idOf: (item: T) => string) {
  const [id, setId] = useState('');
  return [items?.find((item) => idOf(item) === id) ?? items?.[0], setId] as const;
}

/** The accounts to choose from, as radios in a fieldset named by `legend`. */
export function AccountRadios({
  legend,
  name,
  options,
  selected,
  onSelect,
}: {
  legend: string;
  name: string;
  options: readonly TAccountOption[];
  selected: string | null | undefined;
  onSelect: (value: string) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label
          key={o.value}
          className="flex cursor-pointer items-center gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
        >
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={selected === o.value}
            onChange={() => onSelect(o.value)}
          />
          <span>
            <span className="font-medium">{o.name}</span>{' '}
            <span className="text-muted-foreground">({o.detail})</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The picker's form: what to choose, then the button that saves the choice and a way back to the store. */
export function AccountPickerForm({
  shopId,
  submitLabel,
  ready,
  saving,
  onSubmit,
  children,
}: {
  shopId: string;
  submitLabel: string;
  ready: boolean;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <StepFormActions shopId={shopId} label={submitLabel} disabled={!ready} saving={saving} />
    </form>
  );
}

/**
 * The link-account step of a catalog channel (Microsoft, Meta): connect the channel first, then choose its
 * account (a select) and one of that account's stores or catalogs (radios).
 */
export function CatalogAccountPicker({
  shopId,
  channel,
  connection,
  connect,
  account,
  choice,
  submit,
}: {
  shopId: string;
  channel: Extract<TChannelKey, 'bing' | 'facebook'>;
  connection: { query: TQueryState; live: boolean; disconnectedReason: string | null | undefined };
  connect: { isPending: boolean; mutate: (input: { shop_id: string }) => void };
  /** The channel's account: its select, or `none` when the merchant has none. */
  account: {
    query: TQueryState;
    id: string;
    label: string;
    none: string;
    options: readonly { value: string; label: string }[] | undefined;
    value: string | undefined;
    onChange: (value: string) => void;
  };
  /** What is chosen among the account's stores or catalogs: its radios, or `none` when it has none. */
  choice: {
    query: TQueryState;
    legend: string;
    name: string;
    none: string;
    options: readonly TAccountOption[] | undefined;
    selected: string | undefined;
    onSelect: (value: string) => void;
  };
  submit: { label: string; saving: boolean; onSubmit: () => void };
}) {
  const { label } = CHANNEL_NAME[channel];
  if (connection.query.isPending || (connection.live && account.query.isPending)) return <StepLoading />;
  if (connection.query.isError) return <QueryError query={connection.query} />;
  if (account.query.isError) return <QueryError query={account.query} />;
  if (!connection.live) {
    return (
      <div className="grid justify-items-start gap-3">
        <p className="text-sm text-muted-foreground">
          {connection.disconnectedReason ?? `${label} is not connected to this store yet.`}
        </p>
        <Button isLoading={connect.isPending} onClick={() => connect.mutate({ shop_id: shopId })}>
          {`Connect ${label}`}
        </Button>
      </div>
    );
  }
  if (!account.options?.length || account.value === undefined)
    return <p className="text-sm text-muted-foreground">{account.none}</p>;
  return (
    <AccountPickerForm
      shopId={shopId}
      submitLabel={submit.label}
      ready={choice.selected !== undefined}
      saving={submit.saving}
      onSubmit={submit.onSubmit}
    >
      <div className="grid gap-2">
        <Label htmlFor={account.id}>{account.label}</Label>
        <NativeSelect
          id={account.id}
          value={account.value}
          onChange={(e) => account.onChange(e.target.value)}
        >
          {account.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {choice.query.isPending ? (
        <StepLoading />
      ) : choice.query.isError ? (
        <QueryError query={choice.query} />
      ) : !choice.options?.length ? (
        <p className="text-sm text-muted-foreground">{choice.none}</p>
      ) : (
        <AccountRadios
          legend={choice.legend}
          name={choice.name}
          options={choice.options}
          selected={choice.selected}
          onSelect={choice.onSelect}
        />
      )}
    </AccountPickerForm>
  );
}
