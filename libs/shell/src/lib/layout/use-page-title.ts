import { useEffect } from 'react';

/** Sets the document title, so browser tabs and history name the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Terrace` : 'Terrace';
  }, [title]);
}
