import { NOTIFICATION_CATEGORY_LABELS, type TNotificationCategory } from '@feedloom/validation';
import { CircleAlert, Info, Megaphone, TriangleAlert, type LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

const STYLE: Record<TNotificationCategory, { icon: LucideIcon; className: string }> = {
  critical: { icon: CircleAlert, className: 'bg-destructive/10 text-destructive' },
  warning: { icon: TriangleAlert, className: 'bg-warning/10 text-warning' },
  information: { icon: Info, className: 'bg-primary-muted text-primary' },
  feature_release: { icon: Megaphone, className: 'bg-success/10 text-success' },
};

/** The category as an icon and its word (never colour alone). */
export function CategoryBadge({ category, className }: { category: TNotificationCategory; className?: string }) {
  const { icon: Icon, className: tone } = STYLE[category];
  return (
    <span
      className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold', tone, className)}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      {NOTIFICATION_CATEGORY_LABELS[category]}
    </span>
  );
}

export const categoryTone = (category: TNotificationCategory) => STYLE[category].className;
export const categoryIcon = (category: TNotificationCategory) => STYLE[category].icon;
