// Async boundary: shared singletons are negotiated before any app code runs (ARCHITECTURE §2).
import('./bootstrap');
