import type { TChannelKey } from '@feedloom/validation';
import { Copy, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { hasPermission } from '@/lib/permissions';
import { trpc } from '@/lib/trpc';
import { useRequiredSession } from '@/features/auth/use-session';

// The secret feed URL of a shop × channel, shared by /feed-configs and /{channel}/feed-config/{shop_id}: copy
// it, or rotate it (a new secret; the old URL stops working at once).

export const CHANNEL_NAME: Record<TChannelKey, string> = { google: 'Google', bing: 'Microsoft', facebook: 'Meta' };

/** Where the merchant sets up the channel's scheduled fetch of the feed URL. */
const FETCH_SETUP_PLACE: Record<TChannelKey, string> = {
  google: 'Merchant Center',
  bing: 'Microsoft Merchant Center',
  facebook: 'Meta Commerce Manager',
};

/** Whether the user may change feed settings (the feed endpoints' manage access). */
export function useCanManageFeeds(): boolean {
  return hasPermission(useRequiredSession().permissions, 'store_management_manage');
}

/** Copies the URL to the clipboard (a snackbar says whether it worked). */
export function CopyFeedUrlButton({ url, label, iconOnly = false }: { url: string; label: string; iconOnly?: boolean }) {
  const snackbar = useSnackbar();
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => snackbar.show('Feed URL copied.', 'success'),
      () => snackbar.show('Copy the URL from the field.', 'error'),
    );
  return iconOnly ? (
    <Button variant="ghost" size="icon-sm" aria-label={label} title="Copy the feed URL" onClick={copy}>
      <Copy aria-hidden="true" />
    </Button>
  ) : (
    <Button variant="outline" aria-label={label} onClick={copy}>
      Copy
    </Button>
  );
}

/** "Rotate feed URL", after a confirmation that the old URL stops working. */
export function RotateFeedUrlButton({
  shopId,
  channel,
  iconOnly = false,
}: {
  shopId: string;
  channel: TChannelKey;
  iconOnly?: boolean;
}) {
  const snackbar = useSnackbar();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState<TChannelKey | null>(null);
  const rotate = trpc.feeds.rotateFeedUrl.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      setAsking(null);
      void utils.feeds.shopFeedConfigs.invalidate({ shop_id: shopId });
    },
    onError: (error) => {
      snackbar.show(error.message, 'error');
      setAsking(null);
    },
  });
  const label = `Rotate the ${CHANNEL_NAME[channel]} feed URL`;
  return (
    <>
      {iconOnly ? (
        <Button variant="ghost" size="icon-sm" aria-label={label} title="Rotate feed URL" onClick={() => setAsking(channel)}>
          <RotateCcw aria-hidden="true" />
        </Button>
      ) : (
        <Button variant="outline" aria-label={label} onClick={() => setAsking(channel)}>
          Rotate feed URL
        </Button>
      )}
      <ConfirmDialog
        subject={asking}
        title={(c) => `Rotate the ${CHANNEL_NAME[c]} feed URL?`}
        description={() =>
          `A new secret URL replaces this one and the old URL stops working at once: a scheduled fetch that still uses it fails until you give ${FETCH_SETUP_PLACE[channel]} the new URL.`
        }
        confirmLabel="Rotate feed URL"
        isPending={rotate.isPending}
        onConfirm={(c) => rotate.mutate({ shop_id: shopId, channel: c })}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}

/** The "Feed URL" section of a channel's feed settings screen: the URL, copy and (for managers) rotate. */
export function FeedUrlSection({ url, shopId, channel }: { url: string; shopId: string; channel: TChannelKey }) {
  const canManage = useCanManageFeeds();
  return (
    <section className="grid gap-2" aria-labelledby="feed-url-heading">
      <h2 id="feed-url-heading" className="text-sm font-semibold">Feed URL</h2>
      <p className="text-xs text-muted-foreground">
        For a scheduled fetch in {FETCH_SETUP_PLACE[channel]}. Keep it secret: anyone with the URL can read your
        product feed. If it got out, rotate it.
      </p>
      <div className="flex flex-wrap gap-2">
        <input
          aria-label="Feed URL"
          readOnly
          value={url}
          className="h-9 min-w-0 flex-1 rounded-md border bg-muted px-3 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyFeedUrlButton url={url} label="Copy" />
        {canManage ? <RotateFeedUrlButton shopId={shopId} channel={channel} /> : null}
      </div>
    </section>
  );
}
