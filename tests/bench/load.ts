// A load run for rows that send a different request each time (run.ts spawns it as a second
// process, like the autocannon CLI). Reads its spec from the JSON file named by its argument;
// prints autocannon's result as JSON.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { LoadSpec } from './child.ts';

// autocannon ships no types; only its promise API is used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: Record<string, unknown>,
) => Promise<unknown>;

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
