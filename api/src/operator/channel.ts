import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import type { LockOwner } from '../db/folder-lock';
import { OperatorRequestSchema, type OperatorRequest, type OperatorResult } from './commands';

/**
 * The operator channel (docs/decisions/0023-one-owner-per-pglite-folder.md): while the API owns an
 * on-disk PGlite folder, operator commands run inside it. The API listens on a loopback-only port
 * of its own (never the public one, so no proxy or browser can reach it) and writes the address
 * and a random secret to `<folder>.operator.json`, readable by its own user only (0600). The CLI
 * sends the command with that secret; the API runs it on its database and answers what changed.
 */
export const channelPathOf = (folder: string) => `${folder.replace(/\/+$/, '')}.operator.json`;

const ChannelFileSchema = z.object({
  url: z.string(),
  secret: z.string(),
  pid: z.number(),
  lockNonce: z.string(),
});
const OperatorResultSchema = z.object({
  exitCode: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  message: z.string(),
});
const MAX_BODY_BYTES = 8 * 1024;

const digest = (s: string) => createHash('sha256').update(s).digest();

export interface OperatorChannel {
  url: string;
  close(): Promise<void>;
}

export async function startOperatorChannel(options: {
  folder: string;
  lockNonce: string;
  run: (request: OperatorRequest) => Promise<OperatorResult>;
  log: (message: string, err?: unknown) => void;
}): Promise<OperatorChannel> {
  const secret = randomBytes(32).toString('base64url');
  const expected = digest(`Bearer ${secret}`);
  const server = http.createServer((req, res) => {
    const reply = (status: number, body: OperatorResult) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const authorization = req.headers.authorization ?? '';
    if (req.method !== 'POST' || req.url !== '/run') return reply(404, { exitCode: 2, message: 'Not found' });
    if (!timingSafeEqual(digest(authorization), expected)) {
      return reply(401, { exitCode: 2, message: 'Wrong or missing operator secret' });
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      let request: OperatorRequest;
      try {
        request = OperatorRequestSchema.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        return reply(400, { exitCode: 2, message: 'Malformed operator request' });
      }
      options.run(request).then(
        (result) => reply(200, result),
        (err: unknown) => {
          options.log(`operator command ${request.command} failed`, err);
          reply(500, { exitCode: 1, message: `The API could not run ${request.command}: ${String(err)}` });
        },
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  const file = channelPathOf(options.folder);
  const draft = `${file}.${process.pid}`;
  // Created 0600 and renamed into place: the secret is never readable by other users, even briefly.
  writeFileSync(draft, JSON.stringify({ url, secret, pid: process.pid, lockNonce: options.lockNonce }), {
    mode: 0o600,
  });
  renameSync(draft, file);
  return {
    url,
    async close() {
      try {
        if (ChannelFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).secret === secret)
          unlinkSync(file);
      } catch {
        // Already gone or replaced by a later owner.
      }
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The running owner's channel, or null while it has none (still starting, or not an API). */
export function readChannel(folder: string, owner: LockOwner) {
  try {
    const channel = ChannelFileSchema.parse(JSON.parse(readFileSync(channelPathOf(folder), 'utf8')));
    return channel.pid === owner.pid && channel.lockNonce === owner.nonce ? channel : null;
  } catch {
    return null;
  }
}

export async function callOperatorChannel(
  channel: { url: string; secret: string },
  request: OperatorRequest,
): Promise<OperatorResult> {
  const res = await fetch(`${channel.url}/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${channel.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(300_000),
  });
  return OperatorResultSchema.parse(await res.json());
}
