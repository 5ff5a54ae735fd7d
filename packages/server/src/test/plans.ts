/**
 * Plan tests: a second connection to the test database records each statement the product sends
 * through it (postgres.js's `debug` hook), and `plansOf` runs each one again under EXPLAIN
 * (ANALYZE, BUFFERS) with the same parameters, so a test asserts on the plans of the real
 * statements rather than on hand-written copies of them.
 */
import postgres from 'postgres';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

export interface StatementPlan {
  /** Each node that reads a table or an index: `Index Scan on cards using cards_desk_idx`. */
  scans: string[];
  /** Execution time on this machine: a figure to print, never to assert. */
  ms: number;
  /** Shared buffers hit or read by the whole statement. */
  buffers: number;
  nodes: PlanNode[];
}

function* planNodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* planNodes(child);
}

const describeScan = (n: PlanNode) =>
  `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`;

export interface PlanRecorder {
  /** The connection to hand to the query functions under test. */
  sql: postgres.Sql;
  /** The plan of each statement sent through `sql` while `run` ran, in order. */
  plansOf(run: () => Promise<unknown>): Promise<StatementPlan[]>;
  end(): Promise<void>;
}

export function planRecorder(url: string): PlanRecorder {
  const sent: { query: string; params: unknown[] }[] = [];
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => {
      sent.push({ query, params: params as unknown[] });
    },
  });
  return {
    sql,
    async plansOf(run) {
      sent.length = 0;
      await run();
      const statements = sent.splice(0);
      const out: StatementPlan[] = [];
      for (const { query, params } of statements) {
        const [row] = await sql.unsafe(
          `explain (analyze, buffers, format json) ${query}`,
          params as postgres.ParameterOrJSON<never>[],
        );
        const [explained] = (row?.['QUERY PLAN'] ?? []) as {
          Plan: PlanNode;
          'Execution Time': number;
        }[];
        if (!explained) throw new Error(`no plan for ${query}`);
        const nodes = [...planNodes(explained.Plan)];
        out.push({
          scans: nodes.filter((n) => n['Relation Name'] || n['Index Name']).map(describeScan),
          ms: explained['Execution Time'],
          buffers:
            (explained.Plan['Shared Hit Blocks'] ?? 0) +
            (explained.Plan['Shared Read Blocks'] ?? 0),
          nodes,
        });
      }
      // The EXPLAIN statements went through `sql` too.
      sent.length = 0;
      return out;
    },
    end: () => sql.end(),
  };
}

/** The sequential scans of `tables` in the plans (what a plan test forbids). */
export const seqScansOf = (plans: StatementPlan[], tables: string[]) =>
  plans.flatMap((p) => p.scans).filter((s) => tables.some((table) => s === `Seq Scan on ${table}`));

/** One line per statement for the test's output: its scans and time on this machine. */
export const describePlans = (plans: StatementPlan[]) =>
  plans
    .map((p) => `${p.scans.join(', ')} (${p.ms.toFixed(2)} ms, ${p.buffers} buffers)`)
    .join(' | ');
