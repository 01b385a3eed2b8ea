import { Tabs as TabsPrimitive } from 'radix-ui';
import { useId, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        'inline-flex h-10 items-center gap-1 border-b border-border text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex h-10 items-center justify-center border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:border-primary data-[state=active]:text-primary',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn('mt-4 outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}
      {...props}
    />
  );
}

/**
 * Tabs that filter one list: every tab shows the same panel (the list, filtered), so every tab controls that
 * panel and the panel is labelled by the active tab. Spread `tab(value)` on each TabsTrigger and `panel` on
 * the element that shows the list (Radix's own ids would point the inactive tabs at panels never rendered).
 */
export function useFilterTabs(active: string) {
  const base = useId();
  const panelId = `${base}-panel`;
  const tabId = (value: string) => `${base}-tab-${value}`;
  return {
    tab: (value: string) => ({ id: tabId(value), 'aria-controls': panelId }),
    panel: { id: panelId, role: 'tabpanel', 'aria-labelledby': tabId(active) } as const,
  };
}
