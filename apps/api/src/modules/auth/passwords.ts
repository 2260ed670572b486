/**
 * argon2id password hashing. Production uses OWASP's argon2id parameters (19 MiB, 2 passes);
 * under NODE_ENV=test a much cheaper setting keeps the suite fast — the algorithm and the code
 * path are the same, only the cost differs.
 */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // @node-rs/argon2 Algorithm.Argon2id (a const enum, so spelled out here)

const PRODUCTION = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const TEST = { memoryCost: 1_024, timeCost: 1, parallelism: 1 };

function params() {
  return process.env.NODE_ENV === 'test' ? TEST : PRODUCTION;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, { ...params(), algorithm: ARGON2ID });
}

/** False for a missing hash or any malformed one (never throws on bad input). */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash to verify against when the account does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-1!');
  return dummyHash;
}
