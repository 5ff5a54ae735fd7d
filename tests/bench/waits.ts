// What PostgreSQL's busy backends wait on during a bench row: a lock, the WAL's flush, or CPU when
// they wait on nothing. It names what a row's requests queue on, which CPU figures cannot tell.
import postgres from 'postgres';

export type Waits = [wait: string, samples: number][];

/** Samples `pg_stat_activity` every 10 ms until stopped; the waits, most frequent first. */
export function sampleWaits(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  const counts = new Map<string, number>();
  let sampling = true;
  const done = (async () => {
    while (sampling) {
      const rows = await sql<{ wait: string }[]>`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait
        from pg_stat_activity
        where state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`;
      for (const { wait } of rows) counts.set(wait, (counts.get(wait) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop(): Promise<Waits> {
      sampling = false;
      await done;
      await sql.end();
      return [...counts].sort((a, b) => b[1] - a[1]);
    },
  };
}

/** The top four waits as shares of the samples, e.g. `Lock:object 82 %, CPU 6 % (2696 samples)`. */
export function describeWaits(waits: Waits): string {
  const samples = waits.reduce((sum, [, n]) => sum + n, 0);
  const top = waits
    .slice(0, 4)
    .map(([wait, n]) => `${wait} ${Math.round((n / Math.max(1, samples)) * 100)} %`)
    .join(', ');
  return `${top} (${samples} samples)`;
}
