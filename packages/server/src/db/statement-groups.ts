/**
 * Statement groups: calls that arrive while the previous group's statement runs wait, and then go
 * together in one statement. For writes this is a group commit: a statement and its commit cost
 * about the same for one row as for ten (the parse, the plan, each statement-level trigger, the
 * WAL flush). For reads it is one round trip and one execution for many. Under load each call
 * costs a fraction of its own statement; with no load a call waits for nothing but the end of the
 * event loop's turn it arrived in.
 *
 * One group runs at a time: two groups of writes at once could take the same learners' counter
 * rows in opposite orders and deadlock. Calls that share a key (`keysOf`) never go in one group:
 * the later one waits for the next. When a group's statement fails (a twin's unique key, a
 * deadlock with another writer), each of its calls is tried again on its own (`alone`), so that
 * one call's failure is that call's answer, never its neighbours'.
 */
export interface StatementGroupsOptions<T, R> {
  /** Runs a group in one statement; its answers are in the group's order. */
  run(items: T[]): Promise<R[]>;
  /** Runs one item on its own, after its group's statement failed (default: a group of one). */
  alone?(item: T): Promise<R>;
  /** What no two items of one group may share. */
  keysOf(item: T): string[];
  /** The most items one statement takes. */
  maxSize: number;
}

interface Pending<T, R> {
  item: T;
  keys: string[];
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class StatementGroups<T, R> {
  private pending: Pending<T, R>[] = [];
  private running = false;
  private scheduled = false;

  private readonly options: StatementGroupsOptions<T, R>;

  constructor(options: StatementGroupsOptions<T, R>) {
    this.options = options;
  }

  /** Runs `item` with the group it falls in; answers its own result or error. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, keys: this.options.keysOf(item), resolve, reject });
      this.schedule();
    });
  }

  /** Calls waiting for a group (for tests and figures). */
  get waiting(): number {
    return this.pending.length;
  }

  private schedule(): void {
    if (this.running || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    // The end of this turn of the event loop: calls that arrive during it join the group.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.running) return;
    const group = this.take();
    if (group.length === 0) return;
    this.running = true;
    try {
      await this.runGroup(group);
    } finally {
      this.running = false;
      this.schedule();
    }
  }

  /** The oldest waiting calls that share no key, up to `maxSize`, in the order they came. */
  private take(): Pending<T, R>[] {
    const taken: Pending<T, R>[] = [];
    const left: Pending<T, R>[] = [];
    const keys = new Set<string>();
    for (const entry of this.pending) {
      if (taken.length < this.options.maxSize && entry.keys.every((k) => !keys.has(k))) {
        taken.push(entry);
        for (const k of entry.keys) keys.add(k);
      } else {
        left.push(entry);
      }
    }
    this.pending = left;
    return taken;
  }

  private async runGroup(group: Pending<T, R>[]): Promise<void> {
    let answers: R[];
    try {
      answers = await this.options.run(group.map((e) => e.item));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Nothing of the group took effect (one statement): each call again on its own.
      await Promise.all(group.map((e) => this.alone(e.item).then(e.resolve, e.reject)));
      return;
    }
    for (const [i, e] of group.entries()) e.resolve(answers[i] as R);
  }

  private async alone(item: T): Promise<R> {
    if (this.options.alone) return this.options.alone(item);
    return (await this.options.run([item]))[0] as R;
  }
}
