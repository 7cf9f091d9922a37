import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on SIGTERM (server.ts): health answers 503 and every response closes its connection. */
    lifecycle: { draining: boolean };
  }
}

/**
 * While draining, each response carries `Connection: close`, so a proxy or load balancer opens its
 * next request on a fresh connection — to a process that still listens — instead of reusing a
 * keep-alive connection this process is about to close under it
 * (docs/decisions/0026-shutdown-durability-proxy-retry.md).
 */
export const draining = fp(async (app) => {
  app.decorate('lifecycle', { draining: false });
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
});
