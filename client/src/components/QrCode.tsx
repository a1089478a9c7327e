import { useEffect, useState } from 'react';

/** The dark modules of a QR code as one SVG path (one 1x1 square per module). */
function qrPath(modules: { size: number; get: (row: number, col: number) => number | boolean }): string {
  let d = '';
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return d;
}

/**
 * A QR code of `value`, drawn as React SVG (no canvas, no innerHTML). The encoder is `qrcode`
 * (CHANGELOG.md), loaded on demand so that only the screens that show one (deposit,
 * the admin's second factor) pay for it.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [shape, setShape] = useState<{ value: string; size: number; d: string } | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(({ create }) => {
      const code = create(value, { errorCorrectionLevel: 'M' });
      if (live) setShape({ value, size: code.modules.size, d: qrPath(code.modules) });
    });
    return () => {
      live = false;
    };
  }, [value]);
  const ready = shape !== null && shape.value === value;
  const quiet = 2; // the quiet zone around the code, in modules
  const size = ready ? shape.size + quiet * 2 : 1;
  return (
    <svg
      className="account-qr"
      role="img"
      aria-label={label}
      data-testid="receive-qr"
      data-ready={ready ? 'true' : 'false'}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#ffffff" />
      {ready ? <path d={shape.d} fill="#000000" transform={`translate(${quiet} ${quiet})`} /> : null}
    </svg>
  );
}
