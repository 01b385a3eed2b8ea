import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export interface PasswordInputProps extends Omit<ComponentProps<'input'>, 'type'> {
  /** What the toggle reveals, for its aria-label: "Show {toggleLabel}" / "Hide {toggleLabel}". */
  toggleLabel?: string;
}

/** A password input with a show/hide toggle button. */
export function PasswordInput({ className, toggleLabel = 'password', ...props }: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <div className="relative">
      <Input type={isVisible ? 'text' : 'password'} className={cn('pr-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setIsVisible((v) => !v)}
        aria-label={`${isVisible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-pressed={isVisible}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        {isVisible ? (
          <EyeOff aria-hidden="true" className="size-4" />
        ) : (
          <Eye aria-hidden="true" className="size-4" />
        )}
      </button>
    </div>
  );
}
