import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';

/**
 * A product picture from the merchant's host: loaded lazily, without telling that host which page showed it,
 * and the "no image" frame when there is none or it fails to load (a host that is down, a 404, a blocked
 * address), never a broken-image icon.
 */
export function ProductImage({ src, className }: { src: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = cn('shrink-0 rounded border border-border', className);
  if (!src || failed === src) {
    return (
      <div
        className={cn(frame, 'flex items-center justify-center bg-muted text-muted-foreground')}
        role="img"
        aria-label="No image"
      >
        <ImageOff aria-hidden="true" className="size-1/2 max-h-5 max-w-5" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      className={cn(frame, 'object-cover')}
      onError={() => setFailed(src)}
    />
  );
}
