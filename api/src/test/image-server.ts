import { writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { generate } from 'selfsigned';
import sharp from 'sharp';

/**
 * Another site's image server for the import tests (docs/decisions/0047-import-foreign-listing-images.md):
 * https with a self-signed certificate, on 127.0.0.2, which the API under test takes as public
 * through IMAGE_IMPORT_ALLOW_ADDRESSES; 127.0.0.1 and every other private address stay refused.
 */
export const IMAGE_SERVER_ADDRESS = '127.0.0.2';

export interface ImageServer {
  /** https://127.0.0.2:<port> */
  origin: string;
  port: number;
  /** The config overrides that make the API trust and reach this server. */
  env: Record<string, string>;
  /** The PNG at /photo.png. */
  png: Buffer;
  close(): Promise<void>;
}

export async function startImageServer(dir: string): Promise<ImageServer> {
  const pems = await generate([{ name: 'commonName', value: IMAGE_SERVER_ADDRESS }], {
    keyType: 'ec',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: IMAGE_SERVER_ADDRESS }] }],
  });
  const caFile = path.join(dir, 'image-server-ca.pem');
  writeFileSync(caFile, pems.cert);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  let port = 0;
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/photo.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end(png),
    '/page.html': (res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Not a photo</h1>'),
    '/fake.png': (res) => res.writeHead(200, { 'content-type': 'image/png' }).end('this is text, not a PNG'),
    '/missing.png': (res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('gone'),
    // 6 MB in chunks and without a length: the importer must count and stop, not trust a header.
    '/huge.png': (res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      const chunk = Buffer.alloc(256 * 1024, 1);
      let sent = 0;
      const pump = () => {
        while (sent < 24 && !res.destroyed) {
          sent++;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write(png.subarray(0, 16));
      pump();
    },
    '/slow.png': (res) => {
      const timer = setTimeout(() => res.writeHead(200, { 'content-type': 'image/png' }).end(png), 8_000);
      res.on('close', () => clearTimeout(timer));
    },
    '/to-photo': (res) => res.writeHead(302, { location: '/photo.png' }).end(),
    '/to-loopback': (res) => res.writeHead(302, { location: `https://127.0.0.1:${port}/photo.png` }).end(),
    '/to-metadata': (res) =>
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
    '/to-localhost-name': (res) =>
      res.writeHead(302, { location: `https://localhost:${port}/photo.png` }).end(),
  };
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const route = routes[new URL(req.url ?? '/', 'https://x').pathname];
    if (route) route(res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, IMAGE_SERVER_ADDRESS, resolve));
  port = (server.address() as AddressInfo).port;
  return {
    origin: `https://${IMAGE_SERVER_ADDRESS}:${port}`,
    port,
    png,
    env: { IMAGE_IMPORT_ALLOW_ADDRESSES: IMAGE_SERVER_ADDRESS, IMAGE_IMPORT_CA_FILE: caFile },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
