/**
 * The `Idempotency-Key` of API writes (docs/decisions/0052-idempotent-writes.md): zod-free, so the
 * browser's API client reads it without loading zod.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set on an answer the API replays from a key's first request instead of running it again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** 8 to 128 visible ASCII characters: room for a UUID or a client's own scheme, nothing that needs escaping. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;
/** How long the API remembers a key's answer. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;
/** The methods whose requests may carry a key: the writes. */
export const IDEMPOTENT_WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
