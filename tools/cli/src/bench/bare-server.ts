// The machine's best case for a JSON answer: a bare Fastify route that returns a body of the size
// asked for (GET /bare?bytes=N), run as its own process like the API. With LOGGING=default it logs
// the way Fastify does out of the box at info (two lines a request), with LOGGING=one-line the way
// the API does (api/src/app.ts), to /dev/null either way: the cost measured is pino's, not a disk's.
import { createRequire } from 'node:module';
import path from 'node:path';
import { repoRoot } from 'web-server/runtime-config';

const fromApi = createRequire(path.join(repoRoot, 'api', 'package.json'));
const Fastify = fromApi('fastify');
const pino = createRequire(fromApi.resolve('fastify'))('pino');

const logging = process.env.LOGGING ?? 'off';
if (!['off', 'default', 'one-line', 'errors-only'].includes(logging)) throw new Error(`LOGGING=${logging}?`);
const logger = logging === 'off' ? false : pino({ level: 'info' }, pino.destination('/dev/null'));
const app = Fastify({
  loggerInstance: logger || undefined,
  logController: new Fastify.LogController({ disableRequestLogging: logging !== 'default' }),
});
/** The parts of Fastify's request and reply used here (Fastify is the API's, loaded untyped). */
interface Request {
  method: string;
  url: string;
  query: { bytes?: string };
  log: { info(fields: object, message: string): void };
}
interface Reply {
  statusCode: number;
  elapsedTime: number;
  type(contentType: string): { send(body: string): unknown };
}

if (logging === 'one-line' || logging === 'errors-only') {
  app.addHook('onResponse', async (request: Request, reply: Reply) => {
    if (logging === 'errors-only' && reply.statusCode < 500 && reply.elapsedTime < 1000) return;
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: reply.elapsedTime },
      'request',
    );
  });
}

const bodies = new Map<number, string>();
/** A JSON array of objects, like a product list, `bytes` long (±1). */
function bodyOf(bytes: number): string {
  let body = bodies.get(bytes);
  if (body) return body;
  const item = JSON.stringify({ _id: 'x'.repeat(21), productName: 'Lenovo ThinkPad T14', price: 420 });
  const count = Math.max(1, Math.floor(bytes / (item.length + 1)));
  const items = Array.from({ length: count }, () => item).join(',');
  body = `[${items}]`;
  if (body.length < bytes) body = `[${items}${' '.repeat(bytes - body.length)}]`;
  bodies.set(bytes, body);
  return body;
}

const bare = async (request: Request, reply: Reply) => {
  const bytes = Math.min(Math.max(Number(request.query.bytes) || 2, 2), 10_000_000);
  return reply.type('application/json; charset=utf-8').send(bodyOf(bytes));
};
app.get('/bare', bare);
// The money section's twin of a gateway's confirmation: a JSON body parsed, the same small answer.
app.post('/bare', bare);

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 0) });
console.log(`bare listening on ${app.server.address().port}`);
