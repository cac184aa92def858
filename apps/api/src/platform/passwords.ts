/**
 * Password hashing: argon2id (memory-hard) through @node-rs/argon2, a prebuilt N-API module.
 * Cost comes from config (library defaults m=19456 KiB, t=2, p=1; lighter settings are refused in production).
 * Hashes are PHC strings ($argon2id$v=19$m=…,t=…,p=…$salt$hash), so verification reads the cost of
 * each stored hash and old hashes keep working after a cost change.
 */
import { hash, verify } from '@node-rs/argon2';
import type { Config } from '../config.ts';

type HashConfig = Pick<Config, 'passwordHash'>;

export async function hashPassword(config: HashConfig, password: string): Promise<string> {
  // algorithm defaults to Argon2id (the const enum cannot be imported under isolatedModules).
  return hash(password, {
    memoryCost: config.passwordHash.memoryCost,
    timeCost: config.passwordHash.timeCost,
    parallelism: 1,
  });
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false; // not a PHC argon2 string
  }
}

const dummies = new Map<string, Promise<string>>();

/**
 * Sign-in with an unknown phone verifies against this hash (same cost as real ones), so the answer
 * takes as long as a wrong password and timing does not tell whether the number is registered.
 */
export async function verifyAgainstDummy(config: HashConfig, password: string): Promise<false> {
  const key = `${config.passwordHash.memoryCost}:${config.passwordHash.timeCost}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(config, 'codiroom-dummy-password-0');
    dummies.set(key, dummy);
  }
  await verifyPassword(await dummy, password);
  return false;
}
