/**
 * notify() moved to modules/notifications/notifications.service.ts. This path stays so the
 * resources not yet moved into modules (routes/reviews.ts, services/saved.ts) keep compiling; each
 * imports the module directly once it moves (docs/architecture.md#inside-the-api-apisrc).
 */
export { notify } from '../modules/notifications/notifications.service';
