import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { fakeFirebaseAuth } from './fake-firebase';

afterEach(() => cleanup());

// findBy*/waitFor give a busy machine time before calling an element missing.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Mantine reads (colour scheme media query, resize observers).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

Element.prototype.scrollIntoView ??= () => {};

// Firebase is the one third-party boundary replaced in component tests: the shared API client
// runs for real and reads the ID token from this fake signed-in session.
vi.mock('firebase/auth', () => ({
  getAuth: () => fakeFirebaseAuth,
  connectAuthEmulator: () => {},
  onAuthStateChanged: () => () => {},
}));

// Mantine's autosizing Textarea listens for web-font loads; jsdom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
