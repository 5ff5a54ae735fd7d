/**
 * Group commit: writes that arrive while the previous group is being written wait, and then go
 * together in one statement. A statement and its commit cost about the same for one row as for
 * ten (the parse, the plan, each statement-level trigger, the WAL flush), so under load each write
 * costs a fraction of its own statement, and with no load a write waits for nothing but the end
 * of the event loop's turn it arrived in.
 *
 * One group is written at a time: two groups at once could take the same learners' counter rows
 * in opposite orders and deadlock. Writes that share a key (`keysOf`) never go in one group: the
 * later one waits for the next. When a group's statement fails (a twin's unique key, a deadlock
 * with another writer), each of its writes is tried again on its own (`alone`), so that one
 * write's failure is that write's answer, never its neighbours'.
 */
export interface GroupCommitOptions<T, R> {
  /** Writes a group in one statement; its answers are in the group's order. */
  write(items: T[]): Promise<R[]>;
  /** Writes one item on its own, after its group's statement failed. */
  alone(item: T): Promise<R>;
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

export class GroupCommit<T, R> {
  private pending: Pending<T, R>[] = [];
  private writing = false;
  private scheduled = false;

  private readonly options: GroupCommitOptions<T, R>;

  constructor(options: GroupCommitOptions<T, R>) {
    this.options = options;
  }

  /** Writes `item` with the group it falls in; answers its own result or error. */
  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.pending.push({ item, keys: this.options.keysOf(item), resolve, reject });
      this.schedule();
    });
  }

  /** Writes waiting for a group (for tests and figures). */
  get waiting(): number {
    return this.pending.length;
  }

  private schedule(): void {
    if (this.writing || this.scheduled || this.pending.length === 0) return;
    this.scheduled = true;
    // The end of this turn of the event loop: writes whose reads finished in it join the group.
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing) return;
    const group = this.take();
    if (group.length === 0) return;
    this.writing = true;
    try {
      await this.writeGroup(group);
    } finally {
      this.writing = false;
      this.schedule();
    }
  }

  /** The oldest waiting writes that share no key, up to `maxSize`, in the order they came. */
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

  private async writeGroup(group: Pending<T, R>[]): Promise<void> {
    let answers: R[];
    try {
      answers = await this.options.write(group.map((e) => e.item));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Nothing of the group was written (one statement): each write again on its own.
      await Promise.all(group.map((e) => this.options.alone(e.item).then(e.resolve, e.reject)));
      return;
    }
    for (const [i, e] of group.entries()) e.resolve(answers[i] as R);
  }
}
