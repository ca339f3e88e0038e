import { Tooltip, type TooltipProps } from '@terrace/design-system';

/** The design system's tooltip, for the header controls that load it on first hover or focus. */
export function HeaderTooltip(props: TooltipProps) {
  return <Tooltip {...props} />;
}
