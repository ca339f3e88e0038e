// Shared by every text-like control so Input, Textarea, Select and MultiSelect line up.
export const controlStyles = [
  'w-full min-w-0 rounded-md border border-input bg-surface text-sm text-surface-foreground shadow-xs',
  'placeholder:text-muted-foreground transition-[border-color,box-shadow] duration-150',
  'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/30',
  'disabled:cursor-not-allowed disabled:opacity-50',
  'aria-invalid:border-danger aria-invalid:focus-visible:ring-danger/30',
].join(' ');
