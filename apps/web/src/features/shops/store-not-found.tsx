import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { Button } from '@/components/ui/button';

/** A store screen whose store is not one the user can reach: why, and the way back to the list. */
export function StoreNotFound({ message }: { message: string }) {
  return (
    <section className="mx-auto grid w-full max-w-content justify-items-start gap-3">
      <h1 className="text-2xl font-semibold tracking-tight">Store not found</h1>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button asChild variant="outline">
        <Link to={paths.storeList}>Back to stores</Link>
      </Button>
    </section>
  );
}
