// Test-only entry (`web-testing/dom-environment`), listed first in each web package's
// Vitest setupFiles: what jsdom lacks for Mantine, and the clean-up every component test needs.
// Never imported by application code.
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

/**
 * What the stubbed matchMedia answers: tests set `phone` to render the phone layout (max-width
 * queries match) and `reducedMotion` for a visitor who asked for less motion.
 */
export const testViewport = { phone: false, reducedMotion: false };

afterEach(() => {
  cleanup();
  // Mantine keeps toasts in a module-level store: one test's toast must not reach the next.
  notifications.clean();
  vi.unstubAllGlobals();
  testViewport.phone = false;
  testViewport.reducedMotion = false;
});

// findBy*/waitFor give a busy machine time before calling an element missing.
configure({ asyncUtilTimeout: 5000 });

window.matchMedia = (query: string) =>
  ({
    matches:
      (testViewport.phone && query.includes('max-width')) ||
      (testViewport.reducedMotion && query.includes('prefers-reduced-motion: reduce')),
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
