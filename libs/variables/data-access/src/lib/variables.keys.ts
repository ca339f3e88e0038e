import type { VariablePlace } from './variables.types';

/**
 * Query keys of the variables domain: components never build keys themselves. A change at one
 * place reaches what every narrower place inherits, so mutations invalidate `all`. Secret values
 * are never cached: each reveal is its own audited call.
 */
export const variablesKeys = {
  all: ['variables'] as const,
  lists: () => [...variablesKeys.all, 'list'] as const,
  list: (place: VariablePlace) => [...variablesKeys.lists(), place] as const,
  effectives: () => [...variablesKeys.all, 'effective'] as const,
  effective: (stackId: string) => [...variablesKeys.effectives(), stackId] as const,
  scans: () => [...variablesKeys.all, 'scan'] as const,
  scan: (stackId: string, code: { providerId: string; repoName: string; branch?: string | undefined; path?: string | undefined }) =>
    [...variablesKeys.scans(), stackId, code] as const,
};
