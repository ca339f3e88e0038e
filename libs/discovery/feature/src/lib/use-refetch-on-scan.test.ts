import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useRefetchOnScan } from './use-refetch-on-scan';

describe('useRefetchOnScan', () => {
  it('reads the list again when the latest scan changes, not for the value it was read with', () => {
    const refetch = vi.fn(async () => undefined);
    const { rerender } = renderHook(({ scan }) => useRefetchOnScan(scan, refetch), { initialProps: { scan: 'inProgress 2026-11-24T10:00:00Z' } });
    rerender({ scan: 'inProgress 2026-11-24T10:00:00Z' });
    expect(refetch).not.toHaveBeenCalled();
    rerender({ scan: 'finished 2026-11-24T10:00:00Z' });
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
