import type { ReactNode } from 'react';
import { ThemeProvider } from '../components/theme-provider/theme-provider';
import { toast, Toaster } from '../components/toast/toast';

/**
 * The design system's part of a page harness (`@terrace/session/testing`): the light ltr theme
 * with the toaster around the page, and API notices as error toasts, as in the console.
 */
export const consoleTestUi = {
  Frame: ({ children }: { children: ReactNode }) => (
    <ThemeProvider theme="light" direction="ltr">
      {children}
      <Toaster />
    </ThemeProvider>
  ),
  notify: (title: string) => toast.error(title),
};
