import { GitError } from './git-error';

/**
 * What the product passes to `git` comes from users (repository URLs, branch names, paths). Each
 * is checked here before it reaches an argument list, so a value can never become an option
 * (`--upload-pack=…`), a transport (`ext::sh -c …`) or a path outside the repository.
 */

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export type RemoteUrlKind = 'https' | 'http' | 'ssh';

/** The transports the product speaks; `ext`, `file`, `git://` and the rest are refused. */
export function remoteUrlKind(url: string): RemoteUrlKind {
  if (url.length === 0 || url.length > 2048 || hasControlCharacter(url) || url.startsWith('-')) {
    throw new GitError('invalid-input', 'The repository address is not valid');
  }
  const [, , scpHost, scpPath] = /^([A-Za-z0-9._~-]+)@([A-Za-z0-9.-]+):(?!\/\/)([^\s]+)$/.exec(url) ?? [];
  if (scpHost !== undefined && scpPath !== undefined) {
    if (scpHost.startsWith('-') || scpPath.startsWith('-')) {
      throw new GitError('invalid-input', 'The repository address is not valid');
    }
    return 'ssh';
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new GitError('invalid-input', 'The repository address is not valid');
  }
  if (parsed.hostname === '' || parsed.hostname.startsWith('-')) {
    throw new GitError('invalid-input', 'The repository address has no host');
  }
  switch (parsed.protocol) {
    case 'https:':
      return 'https';
    case 'http:':
      return 'http';
    case 'ssh:':
      return 'ssh';
    default:
      throw new GitError('invalid-input', `Repositories can be reached over https, http or ssh, not '${parsed.protocol.replace(/:$/, '')}'`);
  }
}

/**
 * git's own rules for a branch or tag name (git-check-ref-format), plus: never starts with '-',
 * so it cannot be read as an option.
 */
export function assertRefName(name: string): void {
  const invalid =
    name.length === 0 ||
    name.length > 255 ||
    name.startsWith('-') ||
    name.startsWith('/') ||
    name.endsWith('/') ||
    name.endsWith('.') ||
    name.endsWith('.lock') ||
    name === '@' ||
    name.includes('..') ||
    name.includes('@{') ||
    name.includes('//') ||
    /[\s~^:?*[\\]/.test(name) ||
    hasControlCharacter(name) ||
    name.split('/').some((part) => part.startsWith('.'));
  if (invalid) throw new GitError('invalid-input', `'${name.slice(0, 100)}' is not a valid branch name`);
}

/**
 * A path inside the repository, relative to its root, normalised to forward slashes without a
 * leading or trailing slash ('' is the root). '..' segments and absolute paths are refused.
 */
export function normaliseRepositoryPath(path: string): string {
  if (path.length > 4096 || hasControlCharacter(path)) {
    throw new GitError('invalid-input', 'The path is not valid');
  }
  const segments = path
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.');
  if (segments.some((segment) => segment === '..')) {
    throw new GitError('invalid-input', 'The path must stay inside the repository');
  }
  return segments.join('/');
}
