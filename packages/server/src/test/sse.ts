/** A minimal reader of `text/event-stream` bodies for tests: frames in arrival order. */

export interface SseFrame {
  id?: string;
  event?: string;
  data?: string;
  /** Comment lines (`: heartbeat`). */
  comments: string[];
  retry?: number;
}

export interface SseReader {
  /** The next frame (comment-only frames included); rejects after `ms` without one. */
  next(ms?: number): Promise<SseFrame>;
  /** The next frame that carries an event, skipping comments (heartbeats). */
  nextEvent(ms?: number): Promise<SseFrame>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  cancel(): Promise<void>;
}

export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const frames: SseFrame[] = [];
  const waiters: (() => void)[] = [];
  let buffer = '';
  let done = false;
  const wake = () => {
    for (const w of waiters.splice(0)) w();
  };
  const ended = (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const frame: SseFrame = { comments: [] };
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) frame.comments.push(line.slice(1).trim());
            else {
              const at = line.indexOf(':');
              const field = at < 0 ? line : line.slice(0, at);
              const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
              if (field === 'id') frame.id = value;
              else if (field === 'event') frame.event = value;
              else if (field === 'data')
                frame.data = frame.data === undefined ? value : `${frame.data}\n${value}`;
              else if (field === 'retry') frame.retry = Number(value);
            }
          }
          frames.push(frame);
          cut = buffer.indexOf('\n\n');
        }
        wake();
      }
    } catch {
      // cancelled
    } finally {
      done = true;
      wake();
    }
  })();

  const next = async (ms = 5000): Promise<SseFrame> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const frame = frames.shift();
      if (frame) return frame;
      if (done) throw new Error('the stream ended');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no frame within ${ms} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    next,
    async nextEvent(ms) {
      for (;;) {
        const frame = await next(ms);
        if (frame.event || frame.data) return frame;
      }
    },
    ended,
    async cancel() {
      await reader.cancel().catch(() => {});
      await ended;
    },
  };
}
