import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Logo } from './logo';

/** The signed-out pages: a centred card under the logo. */
export function AuthLayout() {
  return (
    <AuthFrame
      footer={
        <footer className="mt-8 text-xs text-muted-foreground">© {new Date().getFullYear()} Feedloom</footer>
      }
    >
      <Outlet />
    </AuthFrame>
  );
}

/** The frame of a signed-out page, also for a page open to both (the invitation): the logo over a centred column. */
export function AuthFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center bg-surface px-4 py-10 sm:justify-center">
      <header className="mb-8">
        <Logo />
      </header>
      <main className="w-full max-w-md">{children}</main>
      {footer}
    </div>
  );
}

/** The card of one signed-out screen: its heading (h1), an optional description, the content. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader className="gap-2 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
