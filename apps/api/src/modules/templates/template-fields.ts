import { renderMessage, validateBranchName, validateRunnerGroups, validateTtl, validateVarFile, ttlDurationMs, type Message } from '@terrace/domain';
import type { Schemas } from '../../http/contract-types';
import { validationError } from '../../http/domain-error';

// The field checks templates and blueprints share (spec automation §5), each refusing with a field
// error named after where the value sits in the request body.

export type Ttl = Schemas['Ttl'];

export const refuse = (problem: Message, field: string) => validationError(renderMessage(problem), field);

/** A required name: trimmed, not blank. */
export function checkedName(name: string | null | undefined, field: string): string {
  const trimmed = (name ?? '').trim();
  if (!trimmed) throw validationError(`'${field}' must not be blank`, field);
  return trimmed;
}

/** Where the code is: a known provider, a branch name (with substitute parameters when dynamic), a path inside the repository. */
export async function checkVcsInfo(
  vcs: Schemas['VcsInfo'],
  field: string,
  providerExists: ((providerId: string) => Promise<boolean>) | undefined,
  mode: 'static' | 'dynamic' = 'static',
): Promise<void> {
  if (!vcs.repoName.trim()) throw validationError('Please choose a repository', `${field}.repoName`);
  if (vcs.branch) {
    const problem = validateBranchName(vcs.branch, mode);
    if (problem) throw refuse(problem, `${field}.branch`);
  }
  if (vcs.path && (vcs.path.split('/').includes('..') || vcs.path.includes('\\'))) {
    throw validationError('The path must stay inside the repository', `${field}.path`);
  }
  if (providerExists && !(await providerExists(vcs.providerId))) {
    throw validationError(`No VCS provider ${vcs.providerId} in this organization`, `${field}.providerId`);
  }
}

export function checkIacConfig(config: Schemas['IacConfig'] | null | undefined, field: string): void {
  (config?.varFiles ?? []).forEach((file, i) => {
    const problem = validateVarFile(file);
    if (problem) throw refuse(problem, `${field}.varFiles.${i}`);
  });
}

export function checkRunnerConfig(config: Schemas['RunnerConfig'] | null | undefined, field: string): void {
  if (!config?.mode) return;
  const problem = validateRunnerGroups(config.mode, config.groups ?? []);
  if (problem) throw refuse(problem, `${field}.groups`);
}

/** A TTL policy: each value 1 to 100,000 hours or days, the default no longer than the maximum. */
export function checkTtlPolicy(ttlConfig: { maxTtl?: Ttl; defaultTtl?: Ttl } | undefined, field: string): void {
  if (!ttlConfig) return;
  for (const key of ['maxTtl', 'defaultTtl'] as const) {
    const ttl = ttlConfig[key];
    if (!ttl) continue;
    const problem = validateTtl(ttl);
    if (problem) throw refuse(problem, `${field}.${key}`);
  }
  if (ttlConfig.maxTtl && ttlConfig.defaultTtl && ttlDurationMs(ttlConfig.defaultTtl) > ttlDurationMs(ttlConfig.maxTtl)) {
    throw validationError('The default time to live must not be longer than the maximum time to live', `${field}.defaultTtl`);
  }
}

/** The time to live a stack gets: the one asked for (within the maximum), else the policy's default. */
export function chosenTtl(asked: Ttl | undefined, policy: { maxTtl?: Ttl; defaultTtl?: Ttl } | undefined, field: string): Ttl {
  const ttl = asked ?? policy?.defaultTtl ?? policy?.maxTtl;
  if (!ttl) throw validationError('Please enter time to live', field);
  const problem = validateTtl(ttl);
  if (problem) throw refuse(problem, field);
  const max = policy?.maxTtl;
  if (max && ttlDurationMs(ttl) > ttlDurationMs(max)) {
    throw validationError(`The time to live may be at most ${max.value} ${max.type}, the template's maximum`, field);
  }
  return ttl;
}

/** Drops absent and null settings (a cleared setting is absent from the stored shape). */
export function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}
