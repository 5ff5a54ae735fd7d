// Child process of `tests/bench/run.ts`: holds one events stream per token over HTTP and reports,
// as JSON lines on stdout, when every stream is ready and then the delivery delay of each
// notification (its payload carries the writer's `bench_sent_at`, both on this machine's clock).

import { readFileSync } from 'node:fs';
import http from 'node:http';

const [baseUrl = '', tokensFile = '', expectedArg = '0'] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile, 'utf8')) as string[];
const expected = Number(expectedArg);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const now = () => performance.timeOrigin + performance.now();
const delays: number[] = [];
let ready = 0;

const send = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

function open(token: string): void {
  const req = http.get(`${baseUrl}/be/api/events/`, {
    agent,
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  req.on('response', (res) => {
    if (res.statusCode !== 200) {
      send({ error: `status ${res.statusCode}` });
      process.exit(1);
    }
    res.setEncoding('utf8');
    let buffer = '';
    res.on('data', (chunk: string) => {
      buffer += chunk;
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (block.includes('event: ready')) {
          ready += 1;
          if (ready === tokens.length) send({ ready });
        } else if (block.includes('event: notification')) {
          const data = block.split('\n').find((l) => l.startsWith('data: '));
          const sentAt = JSON.parse(data?.slice(6) ?? '{}').payload?.bench_sent_at;
          if (typeof sentAt === 'number') delays.push(now() - sentAt);
          if (delays.length === expected) {
            send({ delays });
            process.exit(0);
          }
        }
        cut = buffer.indexOf('\n\n');
      }
    });
  });
  req.on('error', (error) => {
    send({ error: error.message });
    process.exit(1);
  });
}

for (const token of tokens) open(token);
