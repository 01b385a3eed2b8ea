import { SITE_VERIFICATION_METHODS, type TSiteVerificationMethodKey } from '@feedloom/validation';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DialogFooter, DialogShell } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { QueryStepFrame, StepError, StepLoading, useCaptureGoogleStep, WizardStepFrame } from './wizard';

const METHOD_TEXT: Record<TSiteVerificationMethodKey, { title: string; text: string }> = {
  META: { title: 'HTML meta tag', text: 'Add a meta tag to the <head> of your home page.' },
  FILE: { title: 'HTML file upload', text: 'Upload a small HTML file to the root folder of your website.' },
};

const methodOf = (value: string | null): TSiteVerificationMethodKey | null =>
  (SITE_VERIFICATION_METHODS as readonly string[]).includes(value ?? '')
    ? (value as TSiteVerificationMethodKey)
    : null;

/** /verification-method/{shop_id}: how the merchant proves the website is theirs. */
export function VerificationMethodScreen() {
  const { shop_id: shopId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [method, setMethod] = useState<TSiteVerificationMethodKey>(methodOf(search.get('method')) ?? 'META');
  return (
    <WizardStepFrame
      shopId={shopId}
      step="domain-verification"
      title="Choose how to verify your website"
      description="Google verifies that you own your store’s website before Merchant Center claims it."
    >
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          void navigate(`${paths.domainVerification(shopId)}?method=${method}`);
        }}
      >
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Verification method</legend>
          {SITE_VERIFICATION_METHODS.map((m) => (
            <label
              key={m}
              className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary"
            >
              <input
                type="radio"
                name="method"
                value={m}
                className="mt-1"
                checked={method === m}
                onChange={() => setMethod(m)}
              />
              <span>
                <span className="font-medium">{METHOD_TEXT[m].title}</span>
                <span className="block text-muted-foreground">{METHOD_TEXT[m].text}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex gap-2">
          <Button type="submit">Continue</Button>
          <Button asChild variant="outline">
            <Link to={paths.domainVerification(shopId)}>Back</Link>
          </Button>
        </div>
      </form>
    </WizardStepFrame>
  );
}

function VerificationToken({ shopId, method }: { shopId: string; method: TSiteVerificationMethodKey }) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const token = trpc.channelWizard.verificationToken.useQuery({ shop_id: shopId, method }, { retry: false });
  const verify = trpc.channelWizard.reVerify.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      void utils.channels.websiteClaim.invalidate({ shop_id: shopId });
    },
  });
  if (token.isPending) return <StepLoading />;
  if (token.isError) return <StepError message={token.error.message} onRetry={() => void token.refetch()} />;
  const t = token.data;
  return (
    <div className="grid gap-3 rounded-md border p-3 text-sm">
      <h2 className="font-medium">{METHOD_TEXT[method].title}</h2>
      {method === 'META' ? (
        <p>
          Copy this tag into the <code>&lt;head&gt;</code> of {t.website_url}, before the first{' '}
          <code>&lt;body&gt;</code>:
        </p>
      ) : (
        <p>
          Create the file <code>{t.token}</code> at the root of {t.website_url} with this content:
        </p>
      )}
      <pre className="overflow-x-auto rounded bg-muted p-2 text-xs" data-testid="verification-token">
        {method === 'META' ? t.token : t.file_content}
      </pre>
      {verify.isError ? <FormAlert>{verify.error.message}</FormAlert> : null}
      <div className="flex flex-wrap gap-2">
        <Button isLoading={verify.isPending} onClick={() => verify.mutate({ shop_id: shopId, method })}>
          Verify website
        </Button>
        <Button asChild variant="outline">
          <Link to={`${paths.verificationMethod(shopId)}?method=${method}`}>Change method</Link>
        </Button>
      </div>
    </div>
  );
}

/**
 * The "change website address" popup: the Merchant Center account's website, set (and claimed) anew. It
 * starts from the store's own website when the account names another one.
 */
function ChangeWebsiteDialog({
  shopId,
  suggested,
  open,
  onOpenChange,
}: {
  shopId: string;
  suggested: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const [value, setValue] = useState(suggested);
  const override = trpc.channels.overrideWebsiteUrl.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      void utils.channels.websiteClaim.invalidate({ shop_id: shopId });
      void utils.channelWizard.verificationToken.invalidate({ shop_id: shopId });
      onOpenChange(false);
    },
  });
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      busy={override.isPending}
      title="Change website address"
      description="Merchant Center shows products only from the website your account claims: it must be your store’s."
    >
      <form
        className="grid gap-3"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          override.mutate({ shop_id: shopId, website_url: value });
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="website-url">Website URL</Label>
          <Input id="website-url" value={value} maxLength={2048} onChange={(e) => setValue(e.target.value)} />
        </div>
        {override.isError ? <FormAlert>{override.error.message}</FormAlert> : null}
        <DialogFooter>
          <Button type="button" variant="outline" disabled={override.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" isLoading={override.isPending}>
            Save website
          </Button>
        </DialogFooter>
      </form>
    </DialogShell>
  );
}

const hostOf = (url: string | null) => {
  if (!url) return null;
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
};

/** /domain-verification/{shop_id}: the website's claim in Merchant Center, its verification, then onward. */
export function DomainVerificationScreen() {
  const { shop_id: shopId = '' } = useParams();
  const [search] = useSearchParams();
  const method = methodOf(search.get('method'));
  const claim = trpc.channels.websiteClaim.useQuery({ shop_id: shopId }, { retry: false });
  const capture = useCaptureGoogleStep(shopId);
  const [changing, setChanging] = useState(false);

  return (
    <QueryStepFrame
      shopId={shopId}
      step="domain-verification"
      title="Verify and claim your website"
      description="Merchant Center shows products only from a website you have verified and claimed."
      query={claim}
    >
      {(c) => (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>
              Website: <span className="font-medium">{c.website_url ?? 'none yet'}</span>
            </span>
            <Badge
              variant={c.claimed && c.matches_shop ? 'success' : 'warning'}
              data-testid="website-claim-state"
            >
              {!c.matches_shop && c.website_url ? 'Not your store’s website' : c.claimed ? 'Claimed' : 'Not claimed'}
            </Badge>
            <Button variant="outline" size="sm" onClick={() => setChanging(true)}>
              Change website address
            </Button>
          </p>
          {c.website_url && !c.matches_shop ? (
            <FormAlert>
              Your Merchant Center account’s website is {hostOf(c.website_url)}, but this store and its product links
              are at {hostOf(c.shop_url)}. Google shows your products only from a website your account claims: change
              the website address to your store’s, then verify it.
            </FormAlert>
          ) : null}
          <ChangeWebsiteDialog
            key={`${String(changing)}${c.website_url ?? ''}`}
            shopId={shopId}
            suggested={c.matches_shop ? (c.website_url ?? c.shop_url) : c.shop_url}
            open={changing}
            onOpenChange={setChanging}
          />
          {c.matches_shop && !c.claimed ? (
            <>
              {c.website_url ? (
                method ? (
                  <VerificationToken shopId={shopId} method={method} />
                ) : (
                  <div>
                    <Button asChild>
                      <Link to={paths.verificationMethod(shopId)}>Verify your website</Link>
                    </Button>
                  </div>
                )
              ) : null}
            </>
          ) : null}
          {capture.isError ? <FormAlert>{capture.error.message}</FormAlert> : null}
          <div>
            <Button
              disabled={!c.claimed || !c.matches_shop}
              isLoading={capture.isPending}
              onClick={() =>
                capture.mutate({ shop_id: shopId, channel: 'google', step: 'domain-verification' })
              }
            >
              Continue
            </Button>
          </div>
        </>
      )}
    </QueryStepFrame>
  );
}
