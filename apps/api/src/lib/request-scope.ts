// What a request's code may need to know about the request without passing it through every call: the
// client's address (for the activity log) and what the services noted about the change they made.
import { AsyncLocalStorage } from 'node:async_hooks';

/** Details a service adds to the activity log entry of the request it serves. */
export interface TChangeNote {
  /** Replaces the entry's summary (what the change was about, as people know it). */
  summary?: string;
  entity_id?: string;
  before?: Record<string, string | null> | null;
  after?: Record<string, string | null> | null;
}

interface TRequestScope {
  ip: string | null;
  notes: TChangeNote[];
}

const storage = new AsyncLocalStorage<TRequestScope>();

/** Runs `fn` as the work of one request from `ip`. */
export const inRequestScope = <T>(ip: string | null, fn: () => Promise<T>): Promise<T> =>
  storage.run({ ip, notes: [] }, fn);

/** The client address of the request being served, or null (a job, a test calling a service). */
export const requestIp = (): string | null => storage.getStore()?.ip ?? null;

/** Adds details to the activity log entry of the request being served (no-op outside a request). */
export const noteChange = (note: TChangeNote): void => {
  storage.getStore()?.notes.push(note);
};

/** What the services of the current request noted, merged in order. */
export const changeNotes = (): TChangeNote => {
  const merged: TChangeNote = {};
  for (const note of storage.getStore()?.notes ?? []) Object.assign(merged, note);
  return merged;
};
