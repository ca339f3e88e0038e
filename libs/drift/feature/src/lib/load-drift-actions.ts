/**
 * The drift buttons' later code (drift-actions.ts): a button loads it when pointed at or focused,
 * so its dialog or progress loads at once when pressed.
 */
export const loadDriftActions = () => import('./drift-actions');
/** For a button's onPointerEnter and onFocus. */
export const preloadDriftActions = () => void loadDriftActions();
