import { useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@tanstack/react-table';
import {
  Button,
  ConfirmDialog,
  DataTable,
  DisabledReason,
  EmptyState,
  ErrorState,
  Stack,
  type ButtonProps,
  type DataTableProps,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** Whether the user may change this section, and why not (the title of every disabled control). */
export interface EditAccess {
  canEdit: boolean;
  readOnlyReason: string;
}

/**
 * A button that changes the section: disabled, with the reason shown (DisabledReason), for
 * read-only users. Row buttons are small ghost buttons; the section's add button keeps the default look.
 */
export function EditButton({ access, row = false, disabled, ...props }: ButtonProps & { access: EditAccess; row?: boolean }) {
  return (
    <DisabledReason reason={access.canEdit ? null : access.readOnlyReason}>
      <Button {...(row ? { variant: 'ghost', size: 'sm' } : {})} {...props} disabled={!access.canEdit || disabled} />
    </DisabledReason>
  );
}

/** The last column of a settings list: the row's buttons at the end, under a screen-reader header. */
export function useActionsColumn<T>(render: (row: T) => ReactNode): ColumnDef<T, unknown> {
  const { t } = useLingui();
  return {
    id: 'actions',
    header: () => <span className="sr-only">{t`Actions`}</span>,
    enableSorting: false,
    meta: { align: 'end' },
    cell: ({ row }) => (
      <Stack direction="row" gap={1} justify="end">
        {render(row.original)}
      </Stack>
    ),
  };
}

export interface SettingsListProps<T> extends Omit<DataTableProps<T>, 'data' | 'loading' | 'actions' | 'empty'> {
  /** The list's query: its error replaces the list, with a retry. */
  query: { isPending: boolean; isSuccess: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  access: EditAccess;
  /** The section's add button, at the end of the toolbar (and in the empty state, under its icon). */
  add: { icon: LucideIcon; label: string; onClick: () => void; disabled?: boolean };
  /** Shown instead of an empty table, offering the add button. */
  empty?: { title: ReactNode; text: ReactNode };
  children?: ReactNode;
}

/**
 * One settings section's list: the error with a retry, an empty state offering the first item,
 * or the table with the add button; `children` (dialogs, details) follow it.
 */
export function SettingsList<T>({ query, items, access, add, empty, children, ...table }: SettingsListProps<T>) {
  const Icon = add.icon;
  const addButton = (
    <EditButton access={access} onClick={add.onClick} disabled={add.disabled}>
      <Icon aria-hidden />
      {add.label}
    </EditButton>
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <Stack gap={4}>
      {empty && query.isSuccess && items?.length === 0 ? (
        <EmptyState icon={<Icon aria-hidden />} title={empty.title} text={empty.text} action={addButton} />
      ) : (
        <DataTable {...table} data={items ?? []} loading={query.isPending} actions={<div className="ms-auto">{addButton}</div>} />
      )}
      {children}
    </Stack>
  );
}

export interface ConfirmRemovalProps<T> {
  /** The item being removed; null closes the dialog. */
  target: T | null;
  onClose: () => void;
  title: (target: T) => string;
  description: string;
  confirmLabel: string;
  /** The phrase to type; 'delete me' unless the spec names another. */
  phrase?: string;
  /** Removes and toasts; a rejection keeps the dialog open (the client has shown why). */
  onConfirm: (target: T) => Promise<void>;
}

/** The danger confirmation every settings list uses before removing a row. */
export function ConfirmRemoval<T>({ target, onClose, title, description, confirmLabel, phrase = confirmationPhrases.delete, onConfirm }: ConfirmRemovalProps<T>) {
  return (
    <ConfirmDialog
      open={target !== null}
      onOpenChange={(open) => !open && onClose()}
      tone="danger"
      title={target === null ? '' : title(target)}
      description={description}
      phrase={phrase}
      confirmLabel={confirmLabel}
      onConfirm={async () => {
        if (target === null) return;
        await onConfirm(target);
        onClose();
      }}
    />
  );
}
