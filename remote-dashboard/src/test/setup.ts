import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Mantine keeps toasts in a module-level store: one test's toast must not show up in the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

/** Tests flip this to render the phone layout (Mantine's useMediaQuery reads matchMedia). */
export const viewport = { phone: false };
afterEach(() => {
  viewport.phone = false;
});

// jsdom has no media queries; only the dashboard's phone query answers to `viewport.phone`.
window.matchMedia = (query: string) =>
  ({
    matches: viewport.phone && query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// Mantine's ScrollArea and Modal measure with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};
Element.prototype.scrollIntoView ??= () => {};

// Mantine's autosizing Textarea re-measures when web fonts load; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
