/**
 * Query plans of what the product sends, for the plan tests (`db/queries/*-plans.test.ts`): a
 * connection that records each statement it sends, and each recorded statement run again under
 * EXPLAIN (ANALYZE, BUFFERS, VERBOSE) with the same parameters, or planned under
 * EXPLAIN (GENERIC_PLAN) without them: the plan PostgreSQL may keep for a prepared statement
 * after its fifth run, which knows no parameter's value.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  'Actual Rows'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Index Cond'?: string;
  'Recheck Cond'?: string;
  'Group Key'?: string[];
  /** `CTE <name>`, `InitPlan <n>`… on the node that computes it. */
  'Subplan Name'?: string;
  'Total Cost'?: number;
  Plans?: PlanNode[];
}

export interface StatementPlan {
  query: string;
  /** Each scan of the plan, as `<node type> on <table> using <index>`. */
  scans: string[];
  /** Execution time on this machine: a figure to print, never to assert. */
  ms: number;
  /** Shared buffers the statement touched (hit or read). */
  buffers: number;
  nodes: PlanNode[];
  plan: PlanNode;
}

/**
 * Fixes the planner's statistics of `tables` for the rest of the file: autovacuum off on them,
 * then VACUUM ANALYZE. A file's plans must all read the same statistics; an autovacuum that ran
 * mid-file (the seed's counts can reach the statistics after the file's own vacuum, and the
 * autovacuum then runs whenever its naptime falls) changed the visibility of a table's pages
 * between two plans of one test: a bitmap scan, then an index-only scan of the same index.
 */
export async function fixStatistics(sql: postgres.Sql, tables: string[]): Promise<void> {
  for (const table of tables) {
    await sql`alter table ${sql(table)} set (autovacuum_enabled = off)`;
    await sql`vacuum analyze ${sql(table)}`;
  }
}

export function* planNodes(plan: PlanNode): Generator<PlanNode> {
  yield plan;
  for (const child of plan.Plans ?? []) yield* planNodes(child);
}

const scanOf = (n: PlanNode) =>
  `${n['Node Type']}${n['Relation Name'] ? ` on ${n['Relation Name']}` : ''}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`;

export interface PlanSpy {
  /** The connection to pass to the query functions under test. */
  sql: postgres.Sql;
  /** Each statement sent while `run` ran, with its plan. */
  plansOf(run: () => Promise<unknown>): Promise<StatementPlan[]>;
  /** Each statement sent while `run` ran, with its generic plan's nodes (not executed). */
  genericPlansOf(run: () => Promise<unknown>): Promise<PlanNode[][]>;
  /** The text of each statement sent while `run` ran, in order (nothing run again). */
  statementsOf(run: () => Promise<unknown>): Promise<string[]>;
  end(): Promise<void>;
}

export function planSpy(url: string): PlanSpy {
  const sent: { query: string; params: unknown[] }[] = [];
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    debug: (_connection, query, params) => {
      sent.push({ query, params: params as unknown[] });
    },
  });
  // The pool's parameter and column handling: `openDatabase` hands its client to Drizzle, whose
  // driver makes JSON and timestamp parameters and timestamp columns pass through as text.
  drizzle(sql);
  /** The statements sent while `run` ran (each call starts from none). */
  const sentBy = async (run: () => Promise<unknown>) => {
    sent.length = 0;
    await run();
    return sent.splice(0);
  };
  return {
    sql,
    async plansOf(run) {
      const statements = await sentBy(run);
      const out: StatementPlan[] = [];
      for (const { query, params } of statements) {
        const [row] = await sql.unsafe(
          `explain (analyze, buffers, verbose, format json) ${query}`,
          params as postgres.ParameterOrJSON<never>[],
        );
        const [explained] = (row?.['QUERY PLAN'] ?? []) as {
          Plan: PlanNode;
          'Execution Time': number;
        }[];
        if (!explained) throw new Error(`no plan for ${query}`);
        const plan = explained.Plan;
        const nodes = [...planNodes(plan)];
        out.push({
          query,
          scans: nodes.filter((n) => n['Relation Name'] || n['Index Name']).map(scanOf),
          ms: explained['Execution Time'],
          buffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
          nodes,
          plan,
        });
      }
      sent.length = 0;
      return out;
    },
    async genericPlansOf(run) {
      const statements = await sentBy(run);
      const out: PlanNode[][] = [];
      for (const { query } of statements) {
        const [row] = await sql.unsafe(`explain (generic_plan, format json) ${query}`);
        const [explained] = (row?.['QUERY PLAN'] ?? []) as { Plan: PlanNode }[];
        if (!explained) throw new Error(`no generic plan for ${query}`);
        out.push([...planNodes(explained.Plan)]);
      }
      return out;
    },
    statementsOf: async (run) => (await sentBy(run)).map((s) => s.query),
    end: () => sql.end(),
  };
}

/**
 * The scans of `table` that read all of it: a sequential scan, or an index scan with no index
 * condition (a walk of the whole index in its order, filtering each row).
 */
export const wholeTableScans = (nodes: PlanNode[], table: string) =>
  nodes
    .filter((n) => n['Relation Name'] === table && !n['Index Cond'] && !n['Recheck Cond'])
    .map(scanOf);

/** The sequential scans of `tables` in the plans (what a plan test forbids). */
export const seqScansOf = (plans: StatementPlan[], tables: string[]) =>
  plans.flatMap((p) => p.scans).filter((s) => tables.some((table) => s === `Seq Scan on ${table}`));

/** One line per statement for the test's output: its scans and time on this machine. */
export const describePlans = (plans: StatementPlan[]) =>
  plans
    .map((p) => `${p.scans.join(', ')} (${p.ms.toFixed(2)} ms, ${p.buffers} buffers)`)
    .join(' | ');
