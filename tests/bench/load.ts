// A load run for rows that send a different request each time (run.ts spawns it as a second
// process, like the autocannon CLI). Reads its spec from the JSON file named by its argument;
// prints autocannon's result as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// autocannon ships no types; only its promise API is used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<unknown>;

interface LoadSpec {
  url: string;
  connections: number;
  duration: number;
  method: string;
  headers: Record<string, string>;
  body?: string;
  /** Paths sent in turn, one per request, cycling. */
  paths: string[];
  /** Sent in turn, one per request, cycling: headers added to `headers`, a body replacing `body`. */
  variants?: { headers?: Record<string, string>; body?: string }[];
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as LoadSpec;
let next = 0;
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  requests: [
    {
      method: spec.method,
      headers: spec.headers,
      body: spec.body,
      setupRequest: (req: { path: string; body?: string; headers: Record<string, string> }) => {
        const at = next++;
        req.path = spec.paths[at % spec.paths.length] ?? '/';
        const variant = spec.variants?.[at % spec.variants.length];
        if (variant?.headers) req.headers = { ...req.headers, ...variant.headers };
        if (variant?.body !== undefined) req.body = variant.body;
        return req;
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
