import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../button/button';
import { OptionSelect } from '../select/option-select';
import type { PaginationState } from './table-model';

export function DataTablePagination({
  pagination,
  onPaginationChange,
  total,
  pageSizes,
}: {
  pagination: PaginationState;
  onPaginationChange: (next: PaginationState) => void;
  total: number;
  pageSizes: readonly number[];
}) {
  const { t, i18n } = useLingui();
  const labelId = useId();
  const { pageIndex, pageSize } = pagination;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  // Formatted for the locale (1,000 / 1 000) before they go into the messages.
  const from = i18n.number(total === 0 ? 0 : pageIndex * pageSize + 1);
  const to = i18n.number(Math.min(total, (pageIndex + 1) * pageSize));
  const count = i18n.number(total);
  const page = i18n.number(pageIndex + 1);
  const pages = i18n.number(pageCount);

  return (
    <div
      data-slot="data-table-pagination"
      className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 text-sm text-muted-foreground"
    >
      <p aria-live="polite">{t`Showing ${from}–${to} of ${count}`}</p>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <div className="flex items-center gap-2">
          <span id={labelId}>{t`Rows per page`}</span>
          <OptionSelect
            value={String(pageSize)}
            options={pageSizes.map((size) => ({ value: String(size), label: i18n.number(size) }))}
            onValueChange={(value) => onPaginationChange({ pageIndex: 0, pageSize: Number(value) })}
            size="sm"
            className="w-20"
            aria-labelledby={labelId}
          />
        </div>
        <span>{t`Page ${page} of ${pages}`}</span>
        <div className="flex items-center gap-1">
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t`Previous page`}
            disabled={pageIndex <= 0}
            onClick={() => onPaginationChange({ pageIndex: pageIndex - 1, pageSize })}
          >
            <ChevronLeft className="rtl:rotate-180" aria-hidden />
          </Button>
          <Button
            variant="outline"
            size="icon"
            className="size-8"
            aria-label={t`Next page`}
            disabled={pageIndex >= pageCount - 1}
            onClick={() => onPaginationChange({ pageIndex: pageIndex + 1, pageSize })}
          >
            <ChevronRight className="rtl:rotate-180" aria-hidden />
          </Button>
        </div>
      </div>
    </div>
  );
}
