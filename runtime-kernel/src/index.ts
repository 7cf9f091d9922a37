// The single entry of the runtime kernel, what must be ONE instance on the page (decision 35).
// Module Federation shares this package as a singleton, so every remote sees the same store, Firebase
// app and QueryClient: keep it to one entry, and put stateless code over it in web-kit.
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
export * from './messages';
