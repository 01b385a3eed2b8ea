import { NavLink } from 'react-router-dom';
import { useRequiredSession } from '@/features/auth/use-session';
import { cn } from '@/lib/utils';
import { Logo } from './logo';
import { NAV_ITEMS, navItemState, shopNavItems, type NavItem } from './nav-items';

const itemClassName =
  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-white/70 [&_svg]:size-4 [&_svg]:shrink-0';

/** The navigation list, shared by the desktop sidebar and the mobile drawer. */
export function SidebarNav({ onNavigate }: { onNavigate?: () => void }) {
  const session = useRequiredSession();
  const shopItems = session.active_shop_id ? shopNavItems(session.active_shop_id) : [];
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-3">
      <SidebarItems items={NAV_ITEMS} onNavigate={onNavigate} />
      {shopItems.length > 0 ? (
        <>
          <p className="mt-3 px-3 text-xs font-semibold tracking-wide text-white/80 uppercase">Active store</p>
          <SidebarItems items={shopItems} onNavigate={onNavigate} />
        </>
      ) : null}
    </nav>
  );
}

function SidebarItems({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: (() => void) | undefined }) {
  const session = useRequiredSession();
  return (
    <>
      {items.map((item) => {
        const state = navItemState(session, item);
        if (state === 'hidden') return null;
        const Icon = item.icon;
        if (state === 'disabled') {
          return (
            <span
              key={item.to}
              aria-disabled="true"
              className={cn(itemClassName, 'cursor-not-allowed text-white/45')}
            >
              <Icon aria-hidden="true" />
              {item.label}
            </span>
          );
        }
        return (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                itemClassName,
                isActive ? 'bg-white/15 text-white' : 'text-white/80 hover:bg-white/10 hover:text-white',
              )
            }
          >
            <Icon aria-hidden="true" />
            {item.label}
          </NavLink>
        );
      })}
    </>
  );
}

export function Sidebar() {
  return (
    // The column (stretched to the page's full height, however long) carries the dark background; the
    // navigation inside it stays in view while the page scrolls.
    <div className="hidden w-60 shrink-0 bg-primary md:block" data-testid="sidebar-column">
      <aside className="sticky top-0 flex h-screen flex-col overflow-y-auto">
        <div className="flex h-16 items-center px-5">
          <Logo inverted />
        </div>
        <SidebarNav />
      </aside>
    </div>
  );
}
