/**
 * `sudokit serve [--port N] [--host H]`: serve the built web page (dist/web) over HTTP with
 * node:http alone. It serves files from that one folder and nothing else: paths are decoded,
 * resolved, and refused unless they stay inside it, and so is a file whose real path (symbolic
 * links followed) leaves it; only GET and HEAD are answered. Pages that may change (index.html)
 * carry an ETag, so a browser revalidates them with one small request.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, parseCommandArgs } from './args.js';
import { writeOutput } from './output.js';
import { releaseStartupSignals } from './run.js';

/** Where `vite build` puts the page: dist/web, beside dist/src. */
export const WEB_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));

export const SERVE_HELP = `Usage: sudokit serve [options]

Serve the sudokit web page (built by npm run build into dist/web) on this machine, and print
its address. Stop with Ctrl+C.

Options:
  --port N     port to listen on (default 8080; 0 picks a free one)
  --host H     address to listen on (default 127.0.0.1, this machine only)
  -h, --help   show this help`;

const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
};

/** The page needs nothing from elsewhere, so it may load nothing from elsewhere. */
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; worker-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
};

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': Buffer.byteLength(text), ...SECURITY_HEADERS });
  res.end(text);
}

/** The file a request path names inside `root`, or the HTTP status that refuses it. */
export function resolveRequestPath(root: string, url: string): string | 400 | 403 {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return 400;
  }
  if (path.includes('\0')) return 400;
  if (path.endsWith('/')) path += 'index.html';
  const base = resolve(root);
  const file = resolve(base, `.${path}`);
  return file.startsWith(base + sep) ? file : 403;
}

async function handle(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return reply(res, 405, 'Method not allowed\n');
  }
  const file = resolveRequestPath(root, req.url ?? '/');
  if (file === 400) return reply(res, 400, 'Bad request path\n');
  if (file === 403) return reply(res, 403, 'Forbidden\n');
  let body: Buffer;
  try {
    // A symbolic link inside the folder may point anywhere: judge the file by its real path.
    const [real, realRoot] = await Promise.all([realpath(file), realpath(root)]);
    if (!real.startsWith(realRoot + sep)) return reply(res, 403, 'Forbidden\n');
    if (!(await stat(real)).isFile()) return reply(res, 404, 'Not found\n');
    body = await readFile(real);
  } catch {
    return reply(res, 404, 'Not found\n');
  }
  // Vite names assets by their content hash, so they never change; the page itself may.
  const immutable = file.includes(`${sep}assets${sep}`);
  const etag = immutable ? undefined : `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = {
    'Content-Type': MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(etag === undefined ? {} : { ETag: etag }),
    ...SECURITY_HEADERS,
  };
  if (notModified(req.headers['if-none-match'], etag)) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Whether an If-None-Match header (RFC 9110, 13.1.2) holds for a file that exists, with `etag`
 * (none for the hashed assets): `*` matches any file that exists, and a list of entity tags
 * matches when one of them is `etag` by the weak comparison (`W/"x"` and `"x"` are the same tag
 * there), which is the one If-None-Match uses. Anything that does not parse matches nothing.
 */
export function notModified(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  if (etag === undefined) return false;
  const opaque = etag.replace(/^W\//, '');
  for (const m of header.matchAll(/(?:W\/)?("[^"]*")/g)) if (m[1] === opaque) return true;
  return false;
}

/** A server for the page in `root` (not yet listening). */
export function createPageServer(root: string = WEB_ROOT): Server {
  return createServer((req, res) => {
    handle(root, req, res).catch((e: unknown) => {
      if (!res.headersSent) reply(res, 500, `Internal error: ${(e as Error).message}\n`);
      else res.destroy();
    });
  });
}

/** Is this an address of this machine only (127.0.0.0/8, ::1)? */
function isLoopback(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || address === '::ffff:127.0.0.1';
}

function parsePort(text: string): number {
  const n = Number(text);
  if (!/^\s*\d+\s*$/.test(text) || !Number.isInteger(n) || n > 65535) throw new UsageError(`--port expects a whole number from 0 to 65535, got "${text}"`);
  return n;
}

export async function serveCommand(argv: readonly string[]): Promise<number> {
  const { values } = parseCommandArgs({
    args: [...argv],
    allowPositionals: false,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    writeOutput(`${SERVE_HELP}\n`);
    return 0;
  }
  const port = values.port === undefined ? 8080 : parsePort(values.port);
  const host = values.host ?? '127.0.0.1';
  if (!existsSync(join(WEB_ROOT, 'index.html'))) {
    throw new Error(`the web page is not built (no ${join(WEB_ROOT, 'index.html')}): run npm run build first`);
  }
  const server = createPageServer();
  await new Promise<void>((done, fail) => {
    server.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EADDRINUSE') fail(new Error(`port ${port} on ${host} is already in use; pick another with --port N (0 picks a free one)`));
      else if (e.code === 'EADDRNOTAVAIL' || e.code === 'ENOTFOUND') fail(new Error(`cannot listen on host "${host}": ${e.code}`));
      else fail(e);
    });
    server.listen(port, host, () => done());
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  process.stdout.write(`sudokit: serving the page at http://${shown}:${address.port}/ (Ctrl+C to stop)\n`);
  if (!isLoopback(address.address)) {
    process.stderr.write(`sudokit: the page is open to the network: anyone who can reach this machine can load it on port ${address.port} (--host 127.0.0.1 keeps it to this machine)\n`);
  }
  return new Promise<number>((done) => {
    const stop = (signal: NodeJS.Signals) => {
      server.close();
      server.closeAllConnections();
      done(signal === 'SIGINT' ? 130 : 143);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    releaseStartupSignals();
  });
}
