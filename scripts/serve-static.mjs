// Production static server for one web package: compressed responses (brotli, gzip), immutable
// caching of content-hashed files, CORS for remotes, SPA fallback and the host's run-time files.
// Usage: node scripts/serve-static.mjs --dir host/dist --port 3000 [--host-config]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { appConfig, remotesManifest } from './runtime-config.mjs';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/;

export function createStaticServer({ dir, hostConfig = false }) {
  const root = path.resolve(dir);
  /** Files are immutable once built, so each compressed variant is made once and kept. */
  const cache = new Map();

  async function load(file, encoding) {
    // Keyed on mtime and size too: index.html and remoteEntry.js keep their names across builds.
    const info = await stat(file);
    const key = `${file}:${info.mtimeMs}:${info.size}:${encoding}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const raw = await readFile(file);
    const body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === 'gzip'
          ? gzipSync(raw, { level: 9 })
          : raw;
    cache.set(key, body);
    return body;
  }

  async function resolveFile(urlPath) {
    const decoded = decodeURIComponent(urlPath);
    const candidate = path.resolve(root, `.${decoded}`);
    if (!candidate.startsWith(root)) return null;
    try {
      const info = await stat(candidate);
      if (info.isFile()) return candidate;
      if (info.isDirectory()) {
        const index = path.join(candidate, 'index.html');
        if ((await stat(index)).isFile()) return index;
      }
    } catch {
      /* not found */
    }
    return null;
  }

  function send(req, res, status, type, body, { cacheControl, compressible = false, encoding = 'identity' }) {
    res.statusCode = status;
    res.setHeader('Content-Type', type);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (compressible) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function pickEncoding(req) {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepted)) return 'br';
    if (/\bgzip\b/.test(accepted)) return 'gzip';
    return 'identity';
  }

  return createServer(async (req, res) => {
    try {
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' });
        return res.end();
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' });
        return res.end();
      }
      const urlPath = new URL(req.url ?? '/', 'http://x').pathname;
      if (hostConfig && (urlPath === '/remotes.json' || urlPath === '/app-config.json')) {
        // Read on every request: promoting or rolling back a remote needs no restart.
        const body = Buffer.from(
          JSON.stringify(urlPath === '/remotes.json' ? remotesManifest() : appConfig()),
        );
        return send(req, res, 200, TYPES['.json'], body, { cacheControl: 'no-cache' });
      }
      let file = await resolveFile(urlPath);
      let status = 200;
      if (!file) {
        // Client-side routes fall back to index.html; a missing asset is a real 404.
        if (path.extname(urlPath) === '') file = await resolveFile('/index.html');
        if (!file) {
          res.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' });
          return res.end('Not found');
        }
      }
      const ext = path.extname(file);
      const compressible = COMPRESSIBLE.has(ext);
      const encoding = compressible ? pickEncoding(req) : 'identity';
      const body = await load(file, encoding);
      const cacheControl = HASHED.test(path.basename(file))
        ? 'public, max-age=31536000, immutable'
        : 'no-cache';
      return send(req, res, status, TYPES[ext] ?? 'application/octet-stream', body, {
        cacheControl,
        compressible,
        encoding,
      });
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { dir: { type: 'string' }, port: { type: 'string' }, 'host-config': { type: 'boolean' } },
  });
  if (!values.dir || !values.port) {
    console.error('usage: serve-static.mjs --dir <folder> --port <port> [--host-config]');
    process.exit(2);
  }
  const server = createStaticServer({ dir: values.dir, hostConfig: values['host-config'] });
  server.listen(Number(values.port), () => console.log(`serving ${values.dir} on :${values.port}`));
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
