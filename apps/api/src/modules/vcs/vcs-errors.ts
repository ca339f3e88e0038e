import { GitError } from '@terrace/git';
import { VcsHostError } from '@terrace/vcs-hosts';
import { DomainError } from '../../http/domain-error';

/**
 * The one place where what a git host or `git` itself answered becomes the error catalogue.
 * `credentialsField` names the request field the user fixes when the host refuses the
 * credentials (`entity.credentials` when they were sent, else the provider reference).
 */
export function hostFailure(error: unknown, credentialsField: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof VcsHostError) {
    switch (error.kind) {
      case 'authentication':
        return new DomainError('validation', `The credentials were refused: ${error.message}`, credentialsField);
      case 'forbidden':
        return new DomainError('validation', `The credentials do not give access: ${error.message}`, credentialsField);
      case 'not-found':
        return new DomainError('not_found', error.message);
      case 'rate-limited':
        return new DomainError('rate_limited', `The git host's rate limit is reached: ${error.message}`, null, error.details.retryAfterSeconds ?? 60);
      case 'unreachable':
        return new DomainError('bad_request', `The git host could not be reached: ${error.message}`);
      case 'invalid-input':
        return new DomainError('validation', error.message, credentialsField);
      case 'invalid-response':
      case 'failed':
        return new DomainError('bad_request', `The git host answered with an error: ${error.message}`);
    }
  }
  if (error instanceof GitError) {
    switch (error.kind) {
      case 'authentication':
        return new DomainError('validation', `The repository refused the credentials: ${error.message}`, credentialsField);
      case 'not-found':
        return new DomainError('not_found', error.message);
      case 'invalid-input':
        return new DomainError('validation', error.message);
      case 'host-key':
        return new DomainError(
          'validation',
          "The repository's SSH server is not known by its host key (or its key changed): add the server's key to the provider's SSH known hosts (ssh-keyscan prints it)",
          credentialsField,
        );
      case 'unreachable':
        return new DomainError('bad_request', `The repository could not be reached: ${error.message}`);
      case 'timeout':
        return new DomainError('bad_request', `The repository took too long to answer: ${error.message}`);
      case 'canceled':
      case 'output-too-large':
      case 'failed':
        return new DomainError('bad_request', `git could not read the repository: ${error.message}`);
    }
  }
  if (error instanceof Error) throw error;
  throw new Error(String(error));
}

/** Runs a call to a git host or to `git`, its failures mapped by hostFailure. */
export async function atHost<T>(credentialsField: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw hostFailure(error, credentialsField);
  }
}

/**
 * For validateConnection: why the connection does not work, as the message the user reads, or
 * undefined when the failure is not about the connection (rate limits stay 429).
 */
export function connectionRefusal(error: unknown): string | undefined {
  if (error instanceof VcsHostError && error.kind !== 'rate-limited') return error.message;
  if (error instanceof GitError) return error.message;
  return undefined;
}
