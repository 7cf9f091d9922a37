import { useAuthStore } from 'runtime-kernel';

// Each web package records the React and auth store it was given, so an end-to-end test can prove
// that the host and every remote share one instance of each (docs/architecture.md#shared-singletons).
// Only builds made with SB_E2E_PROBE=1 (the one `npm test` makes for its browser journeys) record
// anything: tools/build-config/src/web-config.ts defines the flag, and a production build compiles this away.
interface ProbeEntry {
  react: unknown;
  authStore: unknown;
}

declare global {
  interface Window {
    __secondbyteFederation?: Record<string, ProbeEntry>;
  }
}

// The bundler replaces `process.env.SB_E2E_PROBE` with a literal; web-kit has no Node types.
declare const process: { env: { SB_E2E_PROBE?: string } };

export function registerFederationProbe(packageName: string, react: unknown, authStore: unknown): void {
  // One `if` around the body: the bundler drops a branch whose condition is a false literal even
  // in the unminified server builds, so no build without the flag carries the probe.
  if (process.env.SB_E2E_PROBE === '1' && typeof window !== 'undefined') {
    // No `??=`: its lowering names a temporary after the property, which would outlive the branch.
    const probes = window.__secondbyteFederation || {};
    probes[packageName] = { react, authStore };
    window.__secondbyteFederation = probes;
  }
}

export const sharedAuthStoreIdentity = useAuthStore;
