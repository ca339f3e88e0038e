import { alreadyExists } from '../http/domain-error';
import { isUniqueViolation } from './postgres-errors';

/**
 * Runs `work` and answers a unique-key violation (a concurrent insert of the same name, caught by
 * the unique index) as `already_exist` on `field`. Every create and rename of a named resource
 * goes through it, so the race between the check and the write still ends in the field error.
 */
export async function unique<T>(message: string, field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyExists(message, field);
    throw error;
  }
}
