// The players of `tests/bench/duels.ts`, in their own process so that they do not share the
// server's event loop: every player answers their duel's questions one after another, all
// players at once. Prints JSON: each answer's latency (ms), the wall time, the failures (a non-2xx
// answer or a request that got no answer), the non-2xx answers by status and error code, and the
// network errors by code. A player whose request got no answer stops there: its next answers would
// only be refused as out of turn.
import { readFileSync } from 'node:fs';

interface Spec {
  baseUrl: string;
  players: { access: string; duelId: number }[];
  questions: number;
}

const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as Spec;
const latencies: number[] = [];
let failures = 0;
const networkErrors: Record<string, number> = {};
const refusals: Record<string, number> = {};

async function play(player: Spec['players'][number]) {
  for (let q = 1; q <= spec.questions; q += 1) {
    const t = performance.now();
    try {
      const res = await fetch(`${spec.baseUrl}/be/api/duels/submit-response/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${player.access}`,
        },
        body: JSON.stringify({ duel_id: player.duelId, question_id: q, answer: `answer ${q}` }),
      });
      const text = await res.text();
      latencies.push(performance.now() - t);
      if (!res.ok) {
        failures += 1;
        const key = `${res.status} ${errorCode(text)}`;
        refusals[key] = (refusals[key] ?? 0) + 1;
      }
    } catch (error) {
      failures += 1;
      const code = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      networkErrors[code] = (networkErrors[code] ?? 0) + 1;
      return;
    }
  }
}

/** The `code` of the API's error body, or what the body was when it was not one. */
function errorCode(text: string): string {
  try {
    const body = JSON.parse(text) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : 'no code';
  } catch {
    return 'not JSON';
  }
}

const started = performance.now();
await Promise.all(spec.players.map(play));
const wallMs = performance.now() - started;
console.log(JSON.stringify({ latencies, wallMs, failures, refusals, networkErrors }));
