import { Suspense, useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, useLocation, type RouteObject } from 'react-router-dom';
import { AppLayout } from '@/components/layout/app-layout';
import { AuthLayout } from '@/components/layout/auth-layout';
import { leftPage } from '@/components/ui/snackbar';
import { PageSpinner } from '@/components/ui/spinner';
import { useSession, useSessionQuery } from '@/features/auth/use-session';
import { UnauthorizedScreen } from '@/features/system/unauthorized-screen';
import { clearChunkReloadGuard } from '@/lib/chunk-reload';
import { returnToPath } from '@/lib/return-to';
import { ROUTES, type AppRoute } from '@/routes';
import { RouteErrorFallback } from './error-boundary';
import { LandingContext } from './landing';
import { defaultLanding, resolveAccess } from './route-access';
import type { RouteHandle } from './use-current-route';

/** A form's error toast stays on its page: leaving the page dismisses it. */
function useDismissPageToasts(pathname: string) {
  useEffect(() => leftPage(pathname), [pathname]);
}

/** The page scrolls to the top on every route change. */
function useScrollToTop(pathname: string) {
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * Root of every route: waits for the session, then applies the guards (route-access.ts) before any
 * layout renders, so a signed-out visitor never sees the signed-in chrome.
 */
export function RootRoute() {
  const { pathname, search } = useLocation();
  const sessionQuery = useSessionQuery();
  useScrollToTop(pathname);
  useDismissPageToasts(pathname);
  if (sessionQuery.isPending) return <PageSpinner fullScreen />;
  const session = sessionQuery.data ?? null;
  const access = resolveAccess(session, pathname);
  if (access.kind === 'redirect') {
    // Signed in on /login?redirect=…: back to the page that asked for the sign-in (an invitation link).
    const returnTo = session ? returnToPath(new URLSearchParams(search)) : null;
    return <Navigate to={returnTo ?? access.to} replace />;
  }
  return (
    <LandingContext.Provider value={defaultLanding}>
      <Outlet />
    </LandingContext.Provider>
  );
}

/** Marks that a screen's code loaded and rendered (see lib/chunk-reload.ts). */
function ScreenRendered() {
  useEffect(() => clearChunkReloadGuard(), []);
  return null;
}

/** One route's screen: the module guard, the document title, and the lazy screen under Suspense. */
export function RouteScreen({ route }: { route: AppRoute }) {
  const session = useSession();
  const { pathname } = useLocation();
  const access = resolveAccess(session, pathname);
  useEffect(() => {
    document.title = `${route.title} · Feedloom`;
  }, [route.title]);
  if (access.kind === 'unauthorized') return <UnauthorizedScreen />;
  const Screen = route.screen;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
      <ScreenRendered />
    </Suspense>
  );
}

function toRouteObject(route: AppRoute): RouteObject {
  return {
    id: route.id,
    path: route.path,
    handle: { appRoute: route } satisfies RouteHandle,
    element: <RouteScreen route={route} />,
  };
}

/** The react-router tree built from the route table: layouts by scope, a catch-all for unknown paths. */
export function buildRouteObjects(): RouteObject[] {
  return [
    {
      id: 'root',
      element: <RootRoute />,
      errorElement: <RouteErrorFallback />,
      children: [
        {
          id: 'auth-layout',
          element: <AuthLayout />,
          children: ROUTES.filter((r) => r.scope === 'logged-out').map(toRouteObject),
        },
        {
          id: 'app-layout',
          element: <AppLayout />,
          children: ROUTES.filter(
            (r) => r.scope === 'account' || r.scope === 'no-org' || r.scope === 'org',
          ).map(toRouteObject),
        },
        ...ROUTES.filter((r) => r.scope === 'always').map(toRouteObject),
        // Unknown paths: RootRoute redirects them to the default landing before this renders.
        { id: 'unknown', path: '*', element: null },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
