import { SNACKBAR_MS } from '@feedloom/validation';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { cn } from '@/lib/utils';

/** Snackbar of spec §9: bottom center, auto-hides after 6000 ms, four severities, success by default. */
export const SNACKBAR_SEVERITIES = ['error', 'warning', 'info', 'success'] as const;
export type SnackbarSeverity = (typeof SNACKBAR_SEVERITIES)[number];

interface SnackbarMessage {
  id: number;
  message: string;
  severity: SnackbarSeverity;
}

export interface SnackbarApi {
  show: (message: string, severity?: SnackbarSeverity) => void;
  hide: () => void;
}

const SnackbarContext = createContext<SnackbarApi | null>(null);

const snackbarVariants = cva(
  'pointer-events-auto flex w-full max-w-xl items-start gap-3 rounded-md px-4 py-3 text-sm text-white shadow-lg',
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

export function SnackbarProvider({
  children,
  autoHideMs = SNACKBAR_MS,
}: {
  children: ReactNode;
  autoHideMs?: number;
}) {
  const [current, setCurrent] = useState<SnackbarMessage | null>(null);
  const nextId = useRef(0);

  // A new message replaces the one on screen and restarts the timer (one snackbar at a time).
  const show = useCallback((message: string, severity: SnackbarSeverity = 'success') => {
    nextId.current += 1;
    setCurrent({ id: nextId.current, message, severity });
  }, []);
  const hide = useCallback(() => setCurrent(null), []);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), autoHideMs);
    return () => window.clearTimeout(timer);
  }, [current, autoHideMs]);

  const api = useMemo(() => ({ show, hide }), [show, hide]);
  const Icon = current ? ICONS[current.severity] : null;

  return (
    <SnackbarContext.Provider value={api}>
      {children}
      <div className="pointer-events-none fixed inset-x-0 bottom-6 z-[100] flex justify-center px-4">
        {current && Icon ? (
          <div
            key={current.id}
            // Errors interrupt; the rest wait for a pause in speech.
            role={current.severity === 'error' ? 'alert' : 'status'}
            aria-live={current.severity === 'error' ? 'assertive' : 'polite'}
            data-severity={current.severity}
            data-testid="snackbar"
            className={cn(snackbarVariants({ severity: current.severity }))}
          >
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 flex-1 break-words">{current.message}</p>
            <button
              type="button"
              onClick={hide}
              aria-label="Close notification"
              className="-m-1 rounded-sm p-1 opacity-80 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-white"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </SnackbarContext.Provider>
  );
}

export function useSnackbar(): SnackbarApi {
  const api = useContext(SnackbarContext);
  if (!api) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return api;
}
