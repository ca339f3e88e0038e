import { createRoot } from 'react-dom/client';
import { readConsoleConfig } from './console-config';
import { createConsole } from './create-console';

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks the #root element');
createRoot(root).render(createConsole(readConsoleConfig()).element);
