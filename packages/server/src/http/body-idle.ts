/**
 * The idle-body time-out: a request whose body stops arriving for `idleMs` is answered 408 and
 * its connection closed, so that a client sending a few bytes now and then (slowloris) cannot
 * hold a connection and a request for minutes. Only the silence counts: an upload that keeps
 * sending, however long it takes, is never cut, and requests without a body (the event streams)
 * are not watched at all.
 *
 * It uses the socket's own inactivity timer (`req.setTimeout`), which every byte received resets.
 * Node emits the request's `timeout` only while its body is incomplete; once the body is in, a
 * `timeout` (the handler still working) only stops the timer. The response's listener is what
 * keeps Node from destroying the socket on that later `timeout`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type ErrorBody } from './errors.ts';

const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** Starts watching `req`'s body; stops by itself when the response ends. */
export function watchBodyIdle(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  if (!hasBody(req)) return;
  const socket = req.socket;
  const onRequestTimeout = () => {
    // Bytes received and not yet read by the handler: the wait is the server's, not the client's.
    if (req.readableLength > 0) {
      socket.setTimeout(idleMs);
      return;
    }
    cut(req, res, idleMs);
  };
  const onResponseTimeout = () => {
    if (req.complete) socket.setTimeout(0);
  };
  req.on('timeout', onRequestTimeout);
  res.on('timeout', onResponseTimeout);
  res.once('close', () => {
    req.off('timeout', onRequestTimeout);
    res.off('timeout', onResponseTimeout);
  });
  socket.setTimeout(idleMs);
}

/**
 * Writes the 408 straight to the socket (the handler may answer later, to a closed connection:
 * its answer is dropped), then destroys the request with the same error: the handler's read of
 * the body fails with an ApiError, which the app answers and logs as a 408, not as a fault.
 */
function cut(req: IncomingMessage, res: ServerResponse, idleMs: number): void {
  const detail = `The request body stopped arriving for ${idleMs / 1000} s.`;
  const socket = req.socket;
  if (!res.headersSent && socket.writable) {
    const body: ErrorBody = { detail, code: 'request_timeout' };
    const json = JSON.stringify(body);
    socket.write(
      'HTTP/1.1 408 Request Timeout\r\n' +
        'Content-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(json)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        json,
    );
  }
  req.destroy(new ApiError(408, 'request_timeout', detail));
}
