/**
 * A real HTTP server for the client tests (node:http on 127.0.0.1, random port). It records every
 * request and answers as the running test scripts it, so the middleware is exercised over a real
 * socket, never against a mocked fetch.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = {
  method: string;
  /** Path and query, e.g. `/be/api/auth/users/me/`. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
};

/**
 * What to answer: a status with a JSON body, `hang` (never answer, like a dead backend), or a
 * `stream` that writes the response itself (server-sent events).
 */
export type Reply =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | { stream: (res: ServerResponse) => void }
  | 'hang';
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export type TestServer = {
  origin: string;
  requests: RecordedRequest[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  /** Requests whose path starts with `prefix`. */
  hits(prefix: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
};

const notScripted: Handler = () => ({
  status: 500,
  body: { detail: 'No handler scripted', code: 'internal_error' },
});

export async function startTestServer(): Promise<TestServer> {
  const requests: RecordedRequest[] = [];
  let handler: Handler = notScripted;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const reply = await handler(recorded);
      if (reply === 'hang') return;
      if ('stream' in reply) {
        reply.stream(res);
        return;
      }
      const payload = reply.body === undefined ? '' : JSON.stringify(reply.body);
      res.writeHead(reply.status, {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        ...reply.headers,
      });
      res.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      handler = next;
    },
    hits(prefix) {
      return requests.filter((r) => r.path.startsWith(prefix));
    },
    reset() {
      requests.length = 0;
      handler = notScripted;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** An origin nothing listens on (a server is started, its port noted, then closed). */
export async function closedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
