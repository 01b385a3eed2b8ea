import { Clock } from 'lucide-react';
import { useCurrentRoute } from '@/app/use-current-route';
import { Card, CardDescription, CardHeader } from '@/components/ui/card';

/** A screen that a later issue builds: the route exists and is guarded; this says so. */
export function ComingSoonScreen({ description, title }: { description: string; title?: string }) {
  const route = useCurrentRoute();
  const heading = title ?? route?.title ?? 'Coming soon';
  return (
    <section className="mx-auto w-full max-w-content">
      <Card>
        <CardHeader className="items-start gap-3">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary-muted px-2.5 py-1 text-xs font-medium text-primary">
            <Clock aria-hidden="true" className="size-3.5" />
            Coming soon
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
      </Card>
    </section>
  );
}
