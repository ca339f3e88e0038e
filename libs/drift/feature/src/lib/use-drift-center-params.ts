import { driftReportPeriods, type DriftReportPeriodId } from '@terrace/domain';
import { stackPageSizes, type StackPageSize } from '@terrace/stacks/data-access';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { DriftState } from '@terrace/drift/data-access';
import { driftStates } from './drift-labels';

const defaultPageSize: StackPageSize = 20;
const defaultPeriod: DriftReportPeriodId = 'month';

export interface DriftCenterParams {
  page: number;
  pageSize: StackPageSize;
  /** Part of the stack's name (the server's search). */
  name?: string;
  namespaceId?: string;
  driftState?: DriftState;
  period: DriftReportPeriodId;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((v) => v === value);
}

/** The Drift Center's filters, page and report period live in the URL; defaults are left out. */
export function useDriftCenterParams(): [
  DriftCenterParams,
  (next: Partial<DriftCenterParams>) => void,
] {
  const [params, setParams] = useSearchParams();
  const value = useMemo<DriftCenterParams>(() => {
    const size = Number(params.get('pageSize'));
    const namespaceId = params.get('namespace') ?? '';
    const name = params.get('stackName')?.trim() ?? '';
    const driftState = oneOf(driftStates, params.get('state'));
    return {
      page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
      pageSize: stackPageSizes.find((s) => s === size) ?? defaultPageSize,
      ...(name ? { name } : {}),
      ...(namespaceId ? { namespaceId } : {}),
      ...(driftState ? { driftState } : {}),
      period:
        oneOf(
          driftReportPeriods.map((p) => p.id),
          params.get('period'),
        ) ?? defaultPeriod,
    };
  }, [params]);

  const update = useCallback(
    (next: Partial<DriftCenterParams>) => {
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          const set = (key: string, v: string | number | undefined, fallback: string | number) => {
            if (v === undefined || v === '' || v === fallback) merged.delete(key);
            else merged.set(key, String(v));
          };
          if ('name' in next) set('stackName', next.name, '');
          if ('namespaceId' in next) set('namespace', next.namespaceId, '');
          if ('driftState' in next) set('state', next.driftState, '');
          if ('period' in next) set('period', next.period, defaultPeriod);
          if ('pageSize' in next) set('pageSize', next.pageSize, defaultPageSize);
          if ('page' in next) set('page', next.page, 1);
          return merged;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [value, update];
}
