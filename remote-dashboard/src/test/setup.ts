// The jsdom environment is shared (shared-auth/testing/dom-environment, first in setupFiles);
// the dashboard's table tests flip its phone viewport.
export { testViewport as viewport } from 'shared-auth/testing/dom-environment';
