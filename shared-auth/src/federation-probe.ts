import { useAuthStore } from './auth-store';

// Each web package records the React and auth store it was given, so a test can prove that the
// host and every remote share one instance of each (docs/architecture.md#shared-singletons).
interface ProbeEntry {
  react: unknown;
  authStore: unknown;
}

declare global {
  interface Window {
    __secondbyteFederation?: Record<string, ProbeEntry>;
  }
}

export function registerFederationProbe(packageName: string, react: unknown, authStore: unknown): void {
  if (typeof window === 'undefined') return;
  window.__secondbyteFederation ??= {};
  window.__secondbyteFederation[packageName] = { react, authStore };
}

export const sharedAuthStoreIdentity = useAuthStore;
