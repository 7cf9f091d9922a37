// Async boundary: shared singletons are negotiated before any app code runs (docs/architecture.md#shared-singletons).
import('./bootstrap');
