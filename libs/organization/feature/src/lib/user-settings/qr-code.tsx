import { useMemo } from 'react';
import { encode } from 'uqr';

export interface QrCodeProps {
  value: string;
  /** Accessible name of the image, e.g. what scanning it does. */
  label: string;
  size?: number;
}

/**
 * A QR code as an inline SVG. Dark modules on a light ground in every theme on purpose: many
 * authenticator apps cannot read an inverted code, so this is the one place that ignores dark mode.
 */
export function QrCode({ value, label, size = 192 }: QrCodeProps) {
  const { path, dimension } = useMemo(() => {
    const { data, size: modules } = encode(value, { border: 2 });
    let d = '';
    data.forEach((row, y) =>
      row.forEach((on, x) => {
        if (on) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { path: d, dimension: modules };
  }, [value]);
  return (
    <svg
      data-slot="qr-code"
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${dimension} ${dimension}`}
      shapeRendering="crispEdges"
      className="rounded-md border border-border"
    >
      <rect width={dimension} height={dimension} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
