import { countText } from '@feedloom/validation';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { channelOfIssue, LAYER_LABELS, layerHelp, type ProductIssue, type ProductRow } from './use-products';

/** "product errors" popup: each issue, the layer that caused it and how to fix it. */
export function ProductErrorsDialog({
  product,
  channelLabel,
  detailHref,
  onClose,
}: {
  product: ProductRow | null;
  channelLabel: string;
  detailHref: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={product !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      {product ? (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>Issues of {product.title ?? product.offer_id}</DialogTitle>
            <DialogDescription>
              {channelLabel}: {countText(product.error_count, 'error')},{' '}
              {countText(product.warning_count, 'warning')}.
            </DialogDescription>
          </DialogHeader>
          <ul className="grid max-h-[60vh] gap-3 overflow-y-auto" aria-label="Issues">
            {product.issues.length === 0 ? <li>This product has no issue on this channel.</li> : null}
            {product.issues.map((issue, i) => (
              <IssueItem key={`${issue.code}-${issue.attribute}-${issue.item_id ?? ''}-${i}`} issue={issue} />
            ))}
          </ul>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button asChild>
              <Link to={detailHref}>Fix on the product page</Link>
            </Button>
          </DialogFooter>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

export function IssueItem({ issue }: { issue: ProductIssue }) {
  return (
    <li className="rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge
          variant={issue.severity === 'error' ? 'warning' : 'muted'}
          className={issue.severity === 'error' ? 'bg-destructive/10 text-destructive' : ''}
        >
          {issue.severity === 'error' ? 'Error' : issue.severity === 'warning' ? 'Warning' : 'Advice'}
        </Badge>
        <span className="font-mono text-xs">{issue.attribute}</span>
        {issue.item_id ? <span className="text-xs text-muted-foreground">item {issue.item_id}</span> : null}
        {issue.origin === 'channel' ? (
          <Badge variant="muted">Reported by {channelOfIssue(issue.code)}</Badge>
        ) : (
          <Badge variant="muted">Layer: {LAYER_LABELS[issue.layer] ?? issue.layer}</Badge>
        )}
      </div>
      <p className="mt-2 text-sm">{issue.message}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        {issue.origin === 'channel'
          ? `Found by ${channelOfIssue(issue.code)} in its own review of what it received: fix it as it says; its verdict comes back after the next sync.`
          : layerHelp(issue.layer)}
      </p>
    </li>
  );
}
