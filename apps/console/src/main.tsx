import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { readConsoleConfig } from './console-config';
import { createConsole } from './create-console';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
// A transition lets React yield to the browser while it renders the first page, instead of one
// long task that blocks input (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(root).render(createConsole(readConsoleConfig()).element);
});
