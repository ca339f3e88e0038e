import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, type RefObject } from 'react';
import { ScrollBody, type ScrollBodyProps } from './data-table-rows';

export type VirtualBodyProps<TData> = Omit<ScrollBodyProps<TData>, 'rendered' | 'before' | 'after' | 'scrollRef' | 'onScroll'> & {
  estimateRowHeight: number;
  overscan: number;
  /** Where the stand-in shown while this module loaded was scrolled to: the list continues there. */
  startOffset?: RefObject<number> | undefined;
};

/** Renders only the rows in view plus `overscan` on each side (TanStack Virtual, loaded with this module only). */
export function VirtualBody<TData>({ table, rows, height, estimateRowHeight, overscan, label, onRowClick, startOffset }: VirtualBodyProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan,
    initialOffset: () => startOffset?.current ?? 0,
  });
  useLayoutEffect(() => {
    const offset = startOffset?.current ?? 0;
    if (scrollRef.current && offset > 0) scrollRef.current.scrollTop = offset;
  }, [startOffset]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  return (
    <ScrollBody
      table={table}
      rows={rows}
      rendered={items.map((item) => item.index)}
      before={before}
      after={after}
      height={height}
      label={label}
      onRowClick={onRowClick}
      scrollRef={scrollRef}
    />
  );
}
