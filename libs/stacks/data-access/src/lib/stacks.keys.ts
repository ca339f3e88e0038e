import type { IacType, StackListFilters } from './stacks.types';

/** Query keys of the stacks domain: components never build keys themselves. */
export const stacksKeys = {
  all: ['stacks'] as const,
  lists: () => [...stacksKeys.all, 'list'] as const,
  list: (filters: StackListFilters) => [...stacksKeys.lists(), filters] as const,
  details: () => [...stacksKeys.all, 'detail'] as const,
  detail: (stackId: string) => [...stacksKeys.details(), stackId] as const,
  activity: (stackId: string) => [...stacksKeys.detail(stackId), 'activity'] as const,
  /** The versions an engine offers (the contract's /common/*Versions lists). */
  versions: (iacType: IacType) => [...stacksKeys.all, 'versions', iacType] as const,
};
