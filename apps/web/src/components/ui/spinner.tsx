import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const spinnerVariants = cva('animate-spin text-current', {
  variants: { size: { sm: 'size-4', md: 'size-6', lg: 'size-10' } },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps extends VariantProps<typeof spinnerVariants> {
  className?: string;
  /** Text for assistive technology; ignored when `decorative`. */
  label?: string;
  /** Inside a control that already says it is busy: hide from assistive technology. */
  decorative?: boolean;
}

export function Spinner({ size, className, label = 'Loading', decorative = false }: SpinnerProps) {
  if (decorative)
    return <LoaderCircle aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />;
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <LoaderCircle aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />
    </span>
  );
}

/** A centred spinner filling the page or its container, for route and session loading. */
export function PageSpinner({
  label = 'Loading',
  fullScreen = false,
}: {
  label?: string;
  fullScreen?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex w-full items-center justify-center text-primary',
        fullScreen ? 'min-h-screen' : 'min-h-64',
      )}
    >
      <Spinner size="lg" label={label} />
    </div>
  );
}
