// The host's stylesheets load with the entry, so they are <link>s in the HTML head: a page the
// server rendered is styled at first paint. Only the Mantine CSS that some package renders
// (generated at build time from every package's imports, remotes included: they rely on the
// host's CSS), not the whole 620 KB styles.css.
import 'secondbyte-mantine-styles.css';
import '@mantine/notifications/styles.css';
import './app/global.css';
// Async boundary: shared singletons are negotiated before any app code runs (ARCHITECTURE §2).
import('./bootstrap');
