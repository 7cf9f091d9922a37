// The single entry of the shared kernel. Module Federation shares this package as ONE singleton,
// so every remote sees the same store, Firebase app and QueryClient: keep it to one entry.
export * from './config';
export * from './firebase';
export * from './api-client';
export * from './query-client';
export * from './auth-store';
export * from './auth-operations';
export * from './role-gate';
export * from './checkout-intents';
export * from './toast';
export * from './request-scope';
export * from './session-cookies';
export * from './live-events';
