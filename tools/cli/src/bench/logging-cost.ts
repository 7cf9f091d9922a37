// What per-request logging costs (docs/decisions/0022-request-logging.md): one bare Fastify route
// run four ways side by side: no logger, Fastify's default request logging at info (two lines a
// request), one line a request, and a line only for errors and slow requests (the API's choice).
// `pnpm exec tsx tools/cli/src/bench/logging-cost.ts [--seconds 3] [--rounds 3]`
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sideBySide, startServer, stopServer, type Server } from './load.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '3' } },
});
const script = path.join(import.meta.dirname, 'bare-server.ts');
const modes = ['off', 'default', 'one-line', 'errors-only'];
const servers: Server[] = [];
try {
  for (const mode of modes) {
    servers.push(
      await startServer(script, { env: { LOGGING: mode, PORT: '0' }, ready: /listening on (\d+)/ }),
    );
  }
  const results = await sideBySide(
    servers.map((s) => ({ url: `http://127.0.0.1:${s.match[1]}/bare?bytes=2000` })),
    { seconds: Number(values.seconds), rounds: Number(values.rounds) },
  );
  const base = results[0]?.rps ?? Number.NaN;
  console.log('logging       req/s    p50 ms  p99 ms  vs no logger');
  for (const [i, mode] of modes.entries()) {
    const r = results[i];
    if (!r) continue;
    console.log(
      `${mode.padEnd(12)} ${String(Math.round(r.rps)).padStart(7)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(7)}  ${(r.rps / base).toFixed(2)}`,
    );
  }
} finally {
  for (const s of servers) await stopServer(s);
}
