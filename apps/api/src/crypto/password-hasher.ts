import { hash, verify, type Algorithm } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). Algorithm is an ambient const enum,
// which isolated modules cannot read: 2 is its Argon2id member.
const argon2id = 2 as Algorithm;
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

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

// Verifying against a fixed hash when the user does not exist keeps sign-in timing the same
// for known and unknown addresses.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string): Promise<boolean> {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash.then((h) => verifyPassword(h, password)).then(() => false);
}
