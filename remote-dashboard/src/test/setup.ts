// The jsdom environment is shared (web-testing/dom-environment, first in setupFiles);
// the dashboard's table tests flip its phone viewport.
export { testViewport as viewport } from 'web-testing/dom-environment';
