import { LogOut, Menu, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/use-logout';
import { useRequiredSession } from '@/features/auth/use-session';
import { NotificationBell } from '@/features/notifications/notification-bell';
import { OrganizationSwitcher } from '@/features/organizations/organization-switcher';
import { ShopSwitcher } from '@/features/shops/shop-switcher';
import type { SessionInfo } from '@/lib/trpc';
import { initialsOf } from './initials';
import { Logo } from './logo';
import { SidebarNav } from './sidebar';

function MobileNav() {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open navigation"
        onClick={() => setIsOpen(true)}
      >
        <Menu aria-hidden="true" />
      </Button>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogContent className="top-0 left-0 h-full max-w-72 translate-x-0 translate-y-0 content-start gap-0 rounded-none border-0 bg-primary p-0 text-white sm:max-w-72 [&>button:last-child]:text-white">
          <DialogTitle className="sr-only">Navigation</DialogTitle>
          <DialogDescription className="sr-only">Go to another part of Feedloom</DialogDescription>
          <div className="flex h-16 items-center px-5">
            <Logo inverted />
          </div>
          <SidebarNav onNavigate={() => setIsOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  );
}

function UserMenu({ session }: { session: SessionInfo }) {
  const navigate = useNavigate();
  const { logout, isPending } = useLogout();
  const fullName = [session.first_name, session.last_name].filter(Boolean).join(' ');
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label="Account menu">
          {session.profile_picture_path ? (
            <img src={session.profile_picture_path} alt="" className="size-9 rounded-full object-cover" />
          ) : (
            <span className="flex size-9 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
              {initialsOf(session)}
            </span>
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          {fullName ? <span className="truncate">{fullName}</span> : null}
          <span className="truncate text-xs font-normal text-muted-foreground">{session.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {/* /manage-profile does not exist for admins. */}
        {session.is_admin ? null : (
          <DropdownMenuItem onSelect={() => void navigate('/manage-profile')}>
            <UserRound aria-hidden="true" />
            Manage Profile
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={logout} disabled={isPending}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

export function Header() {
  const session = useRequiredSession();
  return (
    // On a phone the store switcher takes a second row of its own rather than squeezing (or leaving) the first.
    <header className="sticky top-0 z-30 flex min-h-16 flex-wrap items-center gap-x-3 gap-y-2 border-b border-border bg-background px-4 py-2 md:px-6">
      <MobileNav />
      <OrganizationSwitcher session={session} />
      <ShopSwitcher session={session} className="order-last w-full sm:order-none sm:w-auto" />
      <div className="ml-auto flex items-center gap-2">
        {session.is_part_of_any_org ? <NotificationBell /> : null}
        <UserMenu session={session} />
      </div>
    </header>
  );
}
