import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';

// CI runs two turbo tasks on two cores: a screen can take longer than testing-library's 1 s default to appear.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs that Radix and the router use.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn();
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// sonner takes a closed toast away 200 ms later, on a timer of its own that unmounting does not clear: a toast
// closed at the end of a file would fire it after jsdom is gone ("window is not defined"), failing the run.
afterAll(async () => {
  if (toast.getHistory().length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
});
