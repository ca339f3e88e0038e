import { iacTypes, stackPageSizes, type IacType, type StackListFilters, type StackPageSize } from '@terrace/stacks/data-access';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { driftStates } from './stack-labels';

const defaultPageSize: StackPageSize = 20;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/**
 * The list's page, size and filters live in the URL (prefixed, so the list can sit inside another
 * page's URL, e.g. a namespace's), so a shared link or a reload shows the same rows. Defaults are
 * left out. A fixed namespace (the list inside a namespace's page) is not a URL filter.
 */
export function useStackListParams(fixedNamespaceId?: string): [StackListFilters, (next: Partial<StackListFilters>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<StackListFilters>(() => {
    const page = Math.max(1, Math.floor(Number(params.get('stacksPage')) || 1));
    const size = Number(params.get('stacksPageSize'));
    const name = params.get('stackName')?.trim() ?? '';
    const namespaceId = fixedNamespaceId ?? params.get('stacksNamespace') ?? '';
    const iacType = oneOf<IacType>(iacTypes, params.get('engine'));
    const driftState = oneOf(driftStates, params.get('status'));
    const sortBy = oneOf(['name', 'createdAt', 'updatedAt', 'latestRunAt'] as const, params.get('sort'));
    const sortOrder = oneOf(['asc', 'desc'] as const, params.get('order'));
    return {
      page,
      pageSize: stackPageSizes.find((s) => s === size) ?? defaultPageSize,
      ...(name ? { name } : {}),
      ...(namespaceId ? { namespaceId } : {}),
      ...(iacType ? { iacType } : {}),
      ...(driftState ? { driftState } : {}),
      ...(sortBy ? { sortBy, sortOrder: sortOrder ?? 'asc' } : {}),
    };
  }, [params, fixedNamespaceId]);

  const update = useCallback(
    (next: Partial<StackListFilters>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (key: string, value: string | number | undefined, fallback: string | number) => {
            if (value === undefined || value === '' || value === fallback) merged.delete(key);
            else merged.set(key, String(value));
          };
          if ('name' in next) set('stackName', next.name, '');
          if ('namespaceId' in next && !fixedNamespaceId) set('stacksNamespace', next.namespaceId, '');
          if ('iacType' in next) set('engine', next.iacType, '');
          if ('driftState' in next) set('status', next.driftState, '');
          if ('sortBy' in next) set('sort', next.sortBy, '');
          if ('sortOrder' in next) set('order', next.sortOrder, 'asc');
          if ('pageSize' in next) set('stacksPageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('stacksPage', next.page, 1);
          return merged;
        },
        // Typing in the filter should not fill the history with one entry per keystroke.
        { replace: true },
      );
    },
    [setParams, fixedNamespaceId],
  );
  return [filters, update];
}
