import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with the OWASP-recommended production parameters:
// 19 MiB, 2 passes, 1 lane. Under NODE_ENV=test only, the memory cost drops to 1 MiB: the suite
// hashes a few hundred passwords on a 2-core CI machine, and the algorithm, format and verify
// path stay exactly the same.
const options = {
  memoryCost: process.env.NODE_ENV === 'test' ? 1024 : 19456,
  timeCost: 2,
  parallelism: 1,
};

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Spends the time of one verification, so an unknown email answers as slowly as a wrong password. */
export async function burnVerification(password: string): Promise<void> {
  dummy ??= hashPassword('memoria-timing-equaliser');
  await verifyPassword(await dummy, password);
}
