import { createContext, useCallback, useContext, useMemo, useRef } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { classifyApiError, fieldErrorsOf } from './api-errors';
import type { ApiCallMeta } from './query-client';

/**
 * Reports a failed call by the one policy (lib/api-errors.ts): the unauthorized event, the end
 * of the session, or the message — in the snackbar, or through `show` for a call that shows its own text.
 * Provided by the app's ApiProvider, which also reports every call without `meta.silentError` through it.
 */
export type ApiErrorReporter = (error: unknown, show?: ShowMessage, kind?: 'query' | 'mutation') => void;

/** Shows the message of a failure (`error` for calls whose text depends on more than the message). */
export type ShowMessage = (message: string, error: unknown) => void;

export const ApiErrorReporterContext = createContext<ApiErrorReporter | null>(null);

export function useApiErrorReporter(): ApiErrorReporter {
  const report = useContext(ApiErrorReporterContext);
  if (!report) throw new Error('useApiErrorReporter used outside ApiProvider');
  return report;
}

/** The part of a react-hook-form form that server errors need. */
export type ServerErrorForm<T extends FieldValues> = Pick<
  UseFormReturn<T, unknown, FieldValues>,
  'setError' | 'getValues'
>;

function hasField(values: unknown, path: string): boolean {
  let node = values;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null || !(key in node)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts the field errors of a failure on the form (`form.setError`) for the fields it has. True when the
 * failure is shown that way (its first field is on the form); false when it must be reported instead.
 */
export function applyServerError<T extends FieldValues>(
  form: ServerErrorForm<T> | null | undefined,
  error: unknown,
): boolean {
  if (!form || classifyApiError(error).kind !== 'snackbar') return false;
  const entries = Object.entries(fieldErrorsOf(error)).filter(([name]) => hasField(form.getValues(), name));
  for (const [name, message] of entries) form.setError(name as FieldPath<T>, { type: 'server', message });
  const first = Object.keys(fieldErrorsOf(error))[0];
  return first !== undefined && entries.some(([name]) => name === first);
}

export interface UseServerErrorsOptions {
  /** Shows a message that belongs to no field of the form (default: the snackbar). */
  show?: ShowMessage;
}

/**
 * The one way a form handles a failed mutation: errors naming a field of the form go under that input,
 * everything else is reported as any failed call is.
 * Spread into the mutation's options — `trpc.x.useMutation({ ...serverErrors, onSuccess })` — or call
 * `onError` from a mutation's own onError. `form` may be a getter (a form owned by a child component).
 */
export function useServerErrors<T extends FieldValues>(
  form: ServerErrorForm<T> | (() => ServerErrorForm<T> | null | undefined),
  { show }: UseServerErrorsOptions = {},
) {
  const report = useApiErrorReporter();
  const onError = useCallback(
    (error: unknown) => {
      const target = typeof form === 'function' ? form() : form;
      if (!applyServerError(target, error)) report(error, show);
    },
    [form, report, show],
  );
  return useMemo(() => ({ meta: { silentError: true } satisfies ApiCallMeta, onError }), [onError]);
}

/**
 * `useServerErrors` for a form owned by a child component: the child hands its form to `setForm` (as its
 * `onReady`/ref callback) and the screen spreads `serverErrors` into its mutations.
 */
export function useChildFormServerErrors<T extends FieldValues>(options: UseServerErrorsOptions = {}) {
  const formRef = useRef<ServerErrorForm<T> | null>(null);
  const setForm = useCallback((form: ServerErrorForm<T>) => {
    formRef.current = form;
  }, []);
  const serverErrors = useServerErrors(
    useCallback(() => formRef.current, []),
    options,
  );
  return { setForm, serverErrors };
}
