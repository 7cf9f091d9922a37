// `pnpm --filter api build`: the API as plain JavaScript in dist/, so production starts `node
// dist/server.js` without compiling TypeScript at every start (docs/decisions/0019-api-compiled-build.md).
// Workspace packages (shared-contracts, web-server's trace-context and metrics-access, TypeScript source) are bundled in; everything from
// node_modules stays external and is loaded from node_modules as in development.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;
const dist = path.join(root, 'dist');
const bundled = /^(shared-contracts(\/|$)|web-server\/(trace-context|metrics-access)$)/;

/**
 * Entry points sit side by side in dist/ and are bundled whole (no shared chunks in a subfolder),
 * so files found relative to import.meta.url (migrations, demo accounts) resolve from each alike.
 */
const entryPoints = {
  server: 'src/server.ts',
  seed: 'src/cli/seed.ts',
  'seed-bulk': 'src/cli/seed-bulk.ts',
  'explain-catalog': 'src/cli/explain-catalog.ts',
  'admin-grant': 'src/cli/admin-grant.ts',
  'admin-revoke': 'src/cli/admin-revoke.ts',
};

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: Object.entries(entryPoints).map(([out, entry]) => ({ in: entry, out })),
  outdir: dist,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'node-modules-external',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          bundled.test(args.path) ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// Read at run time next to the code: the migrations (db/index.ts) and the demo accounts (seed/seed.ts).
cpSync(path.join(root, 'src', 'db', 'migrations'), path.join(dist, 'migrations'), { recursive: true });
cpSync(path.join(root, 'src', 'seed', 'demo-accounts.json'), path.join(dist, 'demo-accounts.json'));
console.log(`api built to dist/ in ${Date.now() - started} ms`);
