// The design system's stylesheet on its own: the console's entry script imports it, so the built
// page links it in <head> (render-blocking, before the first paint) while the rest of the design
// system loads with the console's code in a later step (apps/console/src/main.tsx).
import './styles/theme.css';
