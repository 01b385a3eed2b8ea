import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { toast } from 'sonner';
import { cn } from '@/lib/utils';
import { Toaster } from './sonner';

/** Snackbar: bottom center, auto-hides after 6000 ms, four severities, success by default. */
export const SNACKBAR_SEVERITIES = ['error', 'warning', 'info', 'success'] as const;
export type SnackbarSeverity = (typeof SNACKBAR_SEVERITIES)[number];

export interface SnackbarApi {
  show: (message: string, severity?: SnackbarSeverity) => void;
  success: (message: string) => void;
  error: (message: string) => void;
  warning: (message: string) => void;
  info: (message: string) => void;
  /**
   * An error about what the user just did on this page (a form's failed save or code). It belongs to the
   * page it is shown on: leaving that page dismisses it (see `leftPage`), so "Invalid OTP." does not follow
   * the user onto the next screens. A navigation that the same action makes at once (an error that sends
   * the user to /login, with the message saying why) takes it along to the new page instead.
   */
  pageError: (message: string) => void;
  hide: () => void;
}

type ToastId = string | number;

// One snackbar at a time: a new message replaces the one on screen. The replaced toast still plays
// sonner's exit animation; while it does it must not count as a live region any more, or screen
// readers (and tests) would find two messages.
let currentId: ToastId | undefined;
const listeners = new Set<() => void>();
const setCurrent = (id: ToastId | undefined) => {
  currentId = id;
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useIsCurrent = (id: ToastId) =>
  useSyncExternalStore(
    subscribe,
    () => currentId === id,
    () => false,
  );
const forget = (id: ToastId) => {
  if (currentId === id) setCurrent(undefined);
};

/**
 * The page the current page-bound toast belongs to: null until the action that showed it has run to the end
 * (it may navigate right after showing it), then the path the user is on.
 */
let pageOfCurrent: { id: ToastId; path: string | null } | undefined;

const snackbarVariants = cva(
  'flex w-full items-start gap-3 rounded-md px-4 py-3 text-sm text-white shadow-lg',
  {
    variants: {
      severity: {
        error: 'bg-destructive',
        warning: 'bg-warning',
        info: 'bg-info',
        success: 'bg-success',
      },
    },
  },
);

const ICONS = { error: CircleAlert, warning: TriangleAlert, info: Info, success: CircleCheck } as const;

function SnackbarToast({
  id,
  message,
  severity,
}: {
  id: ToastId;
  message: ReactNode;
  severity: SnackbarSeverity;
}) {
  const isCurrent = useIsCurrent(id);
  const Icon = ICONS[severity];
  const isError = severity === 'error';
  return (
    <div
      // Errors interrupt; the rest wait for a pause in speech.
      role={isCurrent ? (isError ? 'alert' : 'status') : undefined}
      aria-live={isCurrent ? (isError ? 'assertive' : 'polite') : undefined}
      aria-hidden={isCurrent ? undefined : true}
      data-severity={severity}
      data-testid={isCurrent ? 'snackbar' : undefined}
      className={cn(snackbarVariants({ severity }))}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <p className="min-w-0 flex-1 break-words">{message}</p>
      <button
        type="button"
        onClick={() => snackbar.hide()}
        aria-label="Close notification"
        className="-m-1 rounded-sm p-1 opacity-80 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-white"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

function show(message: string, severity: SnackbarSeverity = 'success'): ToastId {
  if (currentId !== undefined) toast.dismiss(currentId);
  pageOfCurrent = undefined;
  const id = toast.custom((toastId) => <SnackbarToast id={toastId} message={message} severity={severity} />, {
    onAutoClose: ({ id: closed }) => forget(closed),
    onDismiss: ({ id: closed }) => forget(closed),
  });
  setCurrent(id);
  return id;
}

function showPageError(message: string) {
  const id = show(message, 'error');
  const bound: { id: ToastId; path: string | null } = { id, path: null };
  pageOfCurrent = bound;
  setTimeout(() => {
    bound.path = window.location.pathname;
  }, 0);
}

/**
 * Called on every route change: a page-bound toast whose page the user has left is dismissed. One whose page
 * is not known yet was shown by the action that made this navigation, and stays.
 */
export function leftPage(pathname: string) {
  const bound = pageOfCurrent;
  if (!bound || bound.id !== currentId || bound.path === null || bound.path === pathname) return;
  snackbar.hide();
}

/** The snackbar, callable from anywhere (query error handlers, event listeners) as well as components. */
export const snackbar: SnackbarApi = {
  show: (message, severity) => void show(message, severity),
  success: (message) => show(message, 'success'),
  error: (message) => show(message, 'error'),
  warning: (message) => show(message, 'warning'),
  info: (message) => show(message, 'info'),
  pageError: showPageError,
  hide: () => {
    pageOfCurrent = undefined;
    if (currentId === undefined) return;
    toast.dismiss(currentId);
    setCurrent(undefined);
  },
};

/** Renders the app and the one toaster the snackbar draws into. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}

/** The snackbar for components; the same stable object as `snackbar`. */
export function useSnackbar(): SnackbarApi {
  return snackbar;
}
