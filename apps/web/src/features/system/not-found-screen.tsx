import { useNavigate } from 'react-router-dom';
import { notFoundBackPath } from '@/app/landing';
import { Button } from '@/components/ui/button';
import { useSession } from '@/features/auth/use-session';

/** Not-found page: 'Oops! Page Not Found' and Go Back (to /store-list in an organisation, else /process-org). */
export function NotFoundScreen() {
  const navigate = useNavigate();
  const session = useSession();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-surface px-6 text-center">
      <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-primary">
        404
      </p>
      <h1 className="text-2xl font-semibold">Oops! Page Not Found</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        The page you are looking for does not exist or has moved.
      </p>
      <Button onClick={() => void navigate(notFoundBackPath(session), { replace: true })}>Go Back</Button>
    </main>
  );
}
