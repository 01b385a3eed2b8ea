import { cn } from '@/lib/utils';

export function Logo({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" className={inverted ? 'fill-white' : 'fill-primary'} />
        <path d="M9 8h14v3.5H13v3.2h8.5v3.5H13V24H9z" className={inverted ? 'fill-primary' : 'fill-white'} />
      </svg>
      <span className={inverted ? 'text-white' : 'text-primary'}>Feedloom</span>
    </span>
  );
}
