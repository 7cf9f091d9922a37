import { z } from 'zod';

/**
 * zod for every schema here. In a browser its parsers run without their compiled (JIT) form: zod
 * probes `new Function` to decide, and the site's Content-Security-Policy (script-src without
 * 'unsafe-eval') reports that probe as a violation. The probe runs when a schema is built, so the
 * switch must be set before any schema module's body runs — which importing z from here, never from
 * 'zod' directly, guarantees. On the server (the API, the renderer) there is no CSP and the
 * compiled parsers stay on.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
