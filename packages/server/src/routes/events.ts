import { accessTokenExpiry, bearerSession } from '../auth/tokens.ts';
import type { Handlers } from '../contract/types.ts';
import { validationError } from '../http/errors.ts';

const EVENT_ID = /^\d{1,15}$/;

export const handlers: Handlers = {
  async streamEvents(c) {
    const { events } = c.get('deps');
    // The router validates path, query and body; this header is the operation's only input.
    const header = c.req.header('last-event-id')?.trim();
    if (header && !EVENT_ID.test(header)) {
      throw validationError({ 'Last-Event-ID': ['Must be a non-negative integer.'] });
    }
    const body = await events.open({
      userId: c.get('user').id,
      lastEventId: header ? Number(header) : undefined,
      expiresAt: accessTokenExpiry(c),
      sessionId: await bearerSession(c),
      signal: c.req.raw.signal,
    });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        // Reverse proxies (nginx) must pass frames through as they come.
        'X-Accel-Buffering': 'no',
      },
    });
  },
};
