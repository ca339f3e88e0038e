import { lazyDialog } from '../../lib/lazy-dialog';
import type { ConfirmRemoval, ConfirmRemovalProps } from '../confirm-removal/confirm-removal';
import type { ConfirmDialogProps } from './confirm-dialog';

/** `ConfirmDialog`, loaded when it first opens (`lazyDialog`). */
export const LazyConfirmDialog = lazyDialog<ConfirmDialogProps>(() => import('./confirm-dialog').then((m) => m.ConfirmDialog));

/** `ConfirmRemoval`, loaded when it is first given a target (`lazyDialog`). */
export const LazyConfirmRemoval = lazyDialog<ConfirmRemovalProps<unknown>>(
  () => import('../confirm-removal/confirm-removal').then((m) => m.ConfirmRemoval),
  (props) => props.target !== null,
) as typeof ConfirmRemoval;
