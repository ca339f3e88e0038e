import type { ComponentType, ReactNode } from 'react';

/**
 * What the design system adds around a page in tests and stories: its theme and toaster, and
 * the toast an API notice becomes. Passed in (`@terrace/design-system/testing` exports
 * `consoleTestUi`), because session, a data-access library, may not depend on the design system.
 */
export interface ConsoleTestUi {
  Frame: ComponentType<{ children: ReactNode }>;
  /** Shows a translated notice title the way the console does. */
  notify: (title: string) => void;
}
