import { useEffect, useRef } from 'react';

/**
 * Reads a list again when the configuration's latest scan changes (the page polls the
 * configuration while a scan runs): a scan that starts or ends shows in its panels at once. The
 * first value is the one the list was just read with.
 */
export function useRefetchOnScan(scan: string | undefined, refetch: () => Promise<unknown>): void {
  const seen = useRef(scan);
  useEffect(() => {
    if (scan === seen.current) return;
    seen.current = scan;
    void refetch();
  }, [scan, refetch]);
}
