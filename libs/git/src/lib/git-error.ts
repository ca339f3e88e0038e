export type GitErrorKind =
  /** A repository URL, branch or path the product refuses before running git. */
  | 'invalid-input'
  /** The host refused the credentials, or asked for some and none were given. */
  | 'authentication'
  /** An SSH host whose key is not among the known ones (unknown, or changed): never trusted blindly. */
  | 'host-key'
  /** The repository, branch or file does not exist (or is not visible with these credentials). */
  | 'not-found'
  /** The host could not be reached (name resolution, connection, TLS). */
  | 'unreachable'
  | 'timeout'
  | 'canceled'
  | 'output-too-large'
  | 'failed';

/** A git operation that did not succeed, with a kind the caller can map to its own errors. */
export class GitError extends Error {
  constructor(
    readonly kind: GitErrorKind,
    message: string,
    /** git's own words (credentials never appear: they travel in the environment). */
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/** Reads git's stderr (run with LC_ALL=C) for the cause the user can act on. */
export function classifyGitFailure(stderr: string): GitErrorKind {
  const text = stderr.toLowerCase();
  if (text.includes('host key verification failed') || text.includes('remote host identification has changed')) return 'host-key';
  if (
    text.includes('authentication failed') ||
    text.includes('could not read username') ||
    text.includes('could not read password') ||
    text.includes('permission denied (publickey') ||
    text.includes('http basic: access denied') ||
    /the requested url returned error: 40[13]/.test(text)
  ) {
    return 'authentication';
  }
  if (
    text.includes('repository not found') ||
    /repository '[^']*' not found/.test(text) ||
    text.includes('does not appear to be a git repository') ||
    /the requested url returned error: 404/.test(text) ||
    (text.includes('remote branch') && text.includes('not found')) ||
    text.includes('not a valid object name') ||
    text.includes('does not exist in') ||
    (text.includes('path') && text.includes('does not exist'))
  ) {
    return 'not-found';
  }
  if (
    text.includes('could not resolve host') ||
    text.includes('failed to connect') ||
    text.includes('connection refused') ||
    text.includes('connection timed out') ||
    text.includes('ssl certificate problem') ||
    text.includes('could not resolve hostname')
  ) {
    return 'unreachable';
  }
  return 'failed';
}
