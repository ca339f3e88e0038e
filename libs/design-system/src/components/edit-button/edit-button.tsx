import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { Button, type ButtonProps } from '../button/button';
import { DisabledReason } from '../disabled-reason/disabled-reason';

/** Whether the user may change what the list shows, and why not (the title of every disabled control). */
export interface EditAccess {
  canEdit: boolean;
  readOnlyReason: string;
}

/**
 * A button that changes something: disabled for users who may not, with the reason shown on hover
 * and focus and read by screen readers (DisabledReason). Row buttons are small ghost buttons; a
 * list's add button keeps the default look.
 */
export function EditButton({ access, row = false, disabled, ...props }: ButtonProps & { access: EditAccess; row?: boolean }) {
  return (
    <DisabledReason reason={access.canEdit ? null : access.readOnlyReason}>
      <Button data-slot="edit-button" {...(row ? { variant: 'ghost', size: 'sm' } : {})} {...props} disabled={!access.canEdit || disabled} />
    </DisabledReason>
  );
}

/**
 * A button that leads to a page where something is changed (an edit wizard): the router link when
 * the user may, else the same button disabled with the reason (EditButton).
 */
export function EditLinkButton({
  access,
  link,
  variant,
  children,
}: {
  access: EditAccess;
  /** The router link, without children: `<Link to={…} />`. */
  link: ReactElement<{ children?: ReactNode }>;
  variant?: ButtonProps['variant'];
  children: ReactNode;
}) {
  if (!access.canEdit) {
    return (
      <EditButton access={access} variant={variant}>
        {children}
      </EditButton>
    );
  }
  return (
    <Button variant={variant} asChild>
      {cloneElement(link, undefined, children)}
    </Button>
  );
}
