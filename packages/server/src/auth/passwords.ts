import { hash, verify } from '@node-rs/argon2';
import { ApiError } from '../http/errors.ts';

// argon2id (the library's default algorithm) with the OWASP-recommended production parameters:
// 19 MiB, 2 passes, 1 lane. Under NODE_ENV=test only, the memory cost drops to 1 MiB: the suite
// hashes a few hundred passwords on a 2-core CI machine, and the algorithm, format and verify
// path stay exactly the same.
const options = {
  memoryCost: process.env.NODE_ENV === 'test' ? 1024 : 19456,
  timeCost: 2,
  parallelism: 1,
};

/** Hashes (and verifications) running at once: each holds 19 MiB and a core for a while. */
export const HASHING_CONCURRENCY = 2;
/** Hashes waiting for a slot; past this, sign-ups and sign-ins answer 429 rather than pile up. */
export const HASHING_QUEUE = 32;

/** A counting semaphore with a bounded queue: `run` throws 429 when the queue is full. */
export class HashingGate {
  readonly concurrency: number;
  readonly queueLimit: number;
  #running = 0;
  #waiting: (() => void)[] = [];

  constructor(concurrency: number, queueLimit: number) {
    this.concurrency = concurrency;
    this.queueLimit = queueLimit;
  }

  get running() {
    return this.#running;
  }

  get waiting() {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.queueLimit) {
        throw new ApiError(429, 'rate_limited', 'The server is busy. Try again in a moment.', {
          headers: { 'Retry-After': '1' },
        });
      }
      // The slot is handed over by the finishing task, so `#running` never drops in between.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

export const hashingGate = new HashingGate(HASHING_CONCURRENCY, HASHING_QUEUE);

export function hashPassword(password: string): Promise<string> {
  return hashingGate.run(() => hash(password, options));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return hashingGate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hash('memoria-timing-equaliser', options);
  await verifyPassword(await dummy, password);
}
