import { Outlet } from 'react-router-dom';
import { useCurrentRoute } from '@/app/use-current-route';
import { useRefreshSessionOnLoad } from '@/features/auth/use-session';
import { Footer } from './footer';
import { Header } from './header';
import { NotificationBanner } from './notification-banner';
import { Sidebar } from './sidebar';

/** The signed-in layout: sidebar, header, notification banner (not on every screen), footer. */
export function AppLayout() {
  useRefreshSessionOnLoad();
  const route = useCurrentRoute();
  const showBanner = !route?.hideBanner;
  return (
    <div className="flex min-h-screen">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 text-sm focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <Sidebar />
      <div className="flex min-w-0 flex-1 flex-col">
        <Header />
        {showBanner ? (
          <div data-testid="notification-banner-area">
            <NotificationBanner />
          </div>
        ) : null}
        <main id="main-content" tabIndex={-1} className="flex-1 px-4 py-6 outline-none md:px-8">
          <Outlet />
        </main>
        <Footer />
      </div>
    </div>
  );
}
