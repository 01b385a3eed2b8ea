import { MSG, PICTURE_RECOMMENDED_PX } from '@feedloom/validation';
import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/button';
import { PICTURE_HINT, PictureError, isRecommendedSize, readPicture } from './picture';

/** What the form sends for the picture: a new one (data URL), '' to remove it, or nothing (keep). */
export type PictureChange =
  { kind: 'keep' } | { kind: 'new'; dataUrl: string; file: File } | { kind: 'remove' };

export function PictureField({
  currentUrl,
  initials,
  change,
  onChange,
  onUploadingChange,
  isUploading,
}: {
  /** The saved picture (gateway URL), if any. */
  currentUrl: string | null;
  initials: string;
  change: PictureChange;
  onChange: (change: PictureChange) => void;
  isUploading: boolean;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const inputId = useId();
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const shownUrl = change.kind === 'new' ? change.dataUrl : change.kind === 'remove' ? null : currentUrl;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a removal.
    event.target.value = '';
    if (!file) return;
    setError(null);
    setNote(null);
    onUploadingChange(true);
    try {
      const picture = await readPicture(file);
      onChange({ kind: 'new', dataUrl: picture.dataUrl, file: picture.file });
      if (!isRecommendedSize(picture)) {
        setNote(
          `This picture is ${picture.width} x ${picture.height} px; ${PICTURE_RECOMMENDED_PX} x ${PICTURE_RECOMMENDED_PX} px looks best.`,
        );
      }
    } catch (err) {
      setError(err instanceof PictureError ? err.message : MSG.pictureProcess);
    } finally {
      onUploadingChange(false);
    }
  };

  return (
    <div className="flex items-center gap-5">
      <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary text-2xl font-semibold text-primary-foreground">
        {shownUrl ? (
          <img src={shownUrl} alt="Your profile picture" className="size-full object-cover" />
        ) : (
          initials
        )}
      </div>
      <div className="grid gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="outline" size="sm" aria-disabled={isUploading}>
            <label htmlFor={inputId} className="cursor-pointer">
              <ImageUp aria-hidden="true" />
              {shownUrl ? 'Change Picture' : 'Upload Picture'}
            </label>
          </Button>
          {shownUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={isUploading}
              onClick={() => {
                setError(null);
                setNote(null);
                onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' });
              }}
            >
              <Trash2 aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg"
          aria-label="Profile picture"
          className="sr-only"
          disabled={isUploading}
          onChange={(event) => void onFile(event)}
        />
        <p className="text-xs text-muted-foreground" aria-live="polite">
          {isUploading ? 'Uploading...' : (note ?? PICTURE_HINT)}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
