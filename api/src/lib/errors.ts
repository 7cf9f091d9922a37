/** An error that maps straight to an HTTP answer `{ error, message }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The message's variable parts, for its translations (lib/error-messages.ts). */
    readonly params: Record<string, string | number> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code = 'validation_error') => new HttpError(400, code, message);
export const unauthorized = (
  message = 'Sign in first: a valid bearer token is required',
  code = 'unauthorized',
) => new HttpError(401, code, message);
export const forbidden = (message = 'You are not allowed to do this', code = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict', params: Record<string, string | number> = {}) =>
  new HttpError(409, code, message, params);

/**
 * Whether `err` (or what it wraps: Drizzle wraps the driver's error) is PostgreSQL's unique
 * violation of `constraint`.
 */
export function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (name === constraint || message?.includes(constraint))) return true;
  }
  return false;
}
