import { Button } from '@/components/ui/button';
import { FieldSkeleton, Skeleton } from '@/components/ui/skeleton';

/** The end of a page form: Cancel, then the submit button (busy while saving). */
export function FormActions({
  submitLabel,
  onCancel,
  isSaving,
  disabled = false,
}: {
  submitLabel: string;
  onCancel: () => void;
  isSaving: boolean;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" isLoading={isSaving} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** A page form's placeholder while it loads: its fields, and its actions when it has them. */
export function FormSkeleton({
  fields,
  labelClassName,
  withActions = false,
  testId,
}: {
  fields: number;
  labelClassName?: string;
  withActions?: boolean;
  testId?: string;
}) {
  return (
    <div className="grid gap-5" data-testid={testId} aria-busy="true">
      {Array.from({ length: fields }, (_, i) => (
        <FieldSkeleton key={i} labelClassName={labelClassName} />
      ))}
      {withActions ? (
        <div className="flex justify-end gap-3">
          <Skeleton className="h-10 w-24" />
          <Skeleton className="h-10 w-32" />
        </div>
      ) : null}
    </div>
  );
}
