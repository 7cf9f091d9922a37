// The host's stylesheets load with the entry, so they are <link>s in the HTML head: a page the
// server rendered is styled at first paint. Only the Mantine CSS that some package renders
// (generated at build time from every package's imports, remotes included: they rely on the
// host's CSS), not the whole 620 KB styles.css.
import 'secondbyte-mantine-styles.css';
import '@mantine/notifications/styles.css';
// Also Bangla's typeface, Noto Sans Bengali, served by the site (its faces are declared there).
import '@/app/global.css';
// Async boundary: shared singletons are negotiated before any app code runs (README, Architecture).
// It starts in a task of its own: the federation runtime's start-up and the negotiation are each
// long enough on a phone to be worth two tasks rather than one (docs/product.md#first-paint).
setTimeout(() => void import('./bootstrap'), 0);
