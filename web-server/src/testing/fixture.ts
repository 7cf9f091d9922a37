// A throw-away site for the server tests: a dist folder like the builds make (hashed and unhashed
// names, .br/.gz twins), a sibling `dist-secret` sharing its name prefix, and a releases folder.
import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

export const HASHED_JS = 'main.0123456789.js';
export const SECRET = 'top secret: never served';

/** Compressible text, long enough to be worth compressing. */
export const text = (label: string) => `/* ${label} */\n${'console.log("secondbyte");\n'.repeat(200)}`;
export const shellHtml = `<!doctype html><html><head><title>SecondByte</title></head><body><div id="root"></div>${'<!-- shell -->'.repeat(100)}</body></html>`;

function write(file: string, content: string | Buffer, { compressed = false } = {}) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (compressed) {
    writeFileSync(`${file}.br`, brotliCompressSync(content));
    writeFileSync(`${file}.gz`, gzipSync(content));
  }
}

/** Writes a web package's build into `dist`, as tools/build-config/src/web-config.ts makes it. */
export function writeDist(dist: string, label: string) {
  write(path.join(dist, 'index.html'), shellHtml, { compressed: true });
  write(path.join(dist, HASHED_JS), text(`${label} main`), { compressed: true });
  write(path.join(dist, 'remoteEntry.js'), text(`${label} remoteEntry`), { compressed: true });
  write(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: label }), { compressed: true });
  write(path.join(dist, 'main.abcdef0123.css'), `body{color:red}${' '.repeat(2000)}`, { compressed: true });
  write(path.join(dist, 'assets', 'laptop.0a1b2c3d4e.webp'), Buffer.from('RIFF....WEBPVP8 fake image'));
  write(path.join(dist, 'assets', 'inter.0a1b2c3d4e.woff2'), Buffer.from('wOF2 fake font'));
  write(path.join(dist, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  write(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  write(path.join(dist, 'LICENSE'), 'a file without an extension');
}

export interface Site {
  root: string;
  dist: string;
  releases: string;
  cleanup(): void;
}

export function createSite(): Site {
  const root = mkdtempSync(path.join(os.tmpdir(), 'sb-web-server-'));
  const dist = path.join(root, 'dist');
  writeDist(dist, 'dist');
  // Shares the root's name prefix: a naive startsWith(root) check would let it through.
  write(path.join(root, 'dist-secret', 'secret.txt'), SECRET);
  write(path.join(root, 'dist-secret', 'secret.js'), SECRET);
  write(path.join(root, 'secret.txt'), SECRET);
  const releases = path.join(root, 'releases');
  mkdirSync(releases);
  return { root, dist, releases, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The body as sent, decoded from its Content-Encoding. */
export function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.rawPayload.toString('utf8');
}

/**
 * Ways out of the served folder; each must end in 400 or 404, never 200 or 500. Most are
 * encoded: an HTTP client (and light-my-request) would normalise a plain `/../`.
 */
export const TRAVERSALS = [
  '/..%2Fdist-secret%2Fsecret.txt',
  '/..%2fdist-secret%2fsecret.js',
  '/%2e%2e/dist-secret/secret.txt',
  '/%2E%2E%2Fdist-secret%2Fsecret.txt',
  '/%2e%2e%5Cdist-secret%5Csecret.txt',
  '/..%5Csecret.txt',
  '/assets/..%2F..%2Fdist-secret%2Fsecret.txt',
  '/..%2F..%2F..%2F..%2F..%2F..%2Fetc%2Fpasswd',
  '/..%2Fdist-secret',
  '/..%2Fsecret.txt',
  '/%252e%252e%252fdist-secret%252fsecret.txt',
  '/index.html%00',
  '/%00',
  '/remoteEntry.js%00.txt',
  '/%E0%A4%A',
  '/%',
  '/%zz.js',
];

/** Sent as written: HTTP clients and fastify.inject would resolve the dot segments first. */
export const RAW_TRAVERSALS = [
  '/../dist-secret/secret.txt',
  '/%2e%2e/dist-secret/secret.txt',
  '/assets/../../dist-secret/secret.txt',
  '/..',
  '/../secret.txt',
  '/..\\secret.txt',
];

/** The status line and body of a request whose target is sent byte for byte. */
export function rawGet(port: number, target: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => resolve({ status: Number(text.split(' ')[1]), text }));
  });
}
