import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDefaultLanding } from '@/app/landing';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/use-session';

/** Shown in place of a screen whose module permission the user's role lacks. */
export function UnauthorizedScreen() {
  const defaultLanding = useDefaultLanding();
  const session = useSession();
  return (
    <section className="mx-auto flex w-full max-w-content flex-col items-center gap-4 py-16 text-center">
      <ShieldAlert aria-hidden="true" className="size-12 text-primary" />
      <h1 className="text-2xl font-semibold">You don’t have access to this page</h1>
      <p className="text-sm text-muted-foreground">
        Your role in this organisation does not include this area. Ask an organisation admin for access.
      </p>
      <Button asChild variant="outline">
        <Link to={defaultLanding(session)}>Go Back</Link>
      </Button>
    </section>
  );
}
