// React's renderer, evaluated in a task of its own (main.tsx) and preloaded by its path (vite.config.ts).
export { createRoot } from 'react-dom/client';
