import type { TChannelKey } from '@feedloom/validation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useSnackbar } from '@/components/ui/snackbar';
import { trpc } from '@/lib/trpc';
import { CHANNEL_NAME } from './wizard';

/**
 * A channel card's Disconnect: asks first (what stops, what the channel keeps), then forgets the channel's
 * tokens (`POST /disconnect-account/{shop}?channel`); `onDone` refreshes what the card shows.
 */
export function DisconnectChannelButton({
  shopId,
  channel,
  description,
  onDone,
}: {
  shopId: string;
  channel: TChannelKey;
  description: string;
  onDone: (shopId: string) => void;
}) {
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState<true | null>(null);
  const disconnect = trpc.channels.disconnect.useMutation({
    onSuccess: ({ message }) => {
      snackbar.show(message, 'success');
      setConfirming(null);
      onDone(shopId);
    },
  });
  return (
    <>
      <Button variant="outline" onClick={() => setConfirming(true)}>
        Disconnect
      </Button>
      <ConfirmDialog
        subject={confirming}
        title={() => `Disconnect ${CHANNEL_NAME[channel].label}?`}
        description={() => description}
        confirmLabel="Disconnect"
        isPending={disconnect.isPending}
        onConfirm={() => disconnect.mutate({ shop_id: shopId, channel })}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
