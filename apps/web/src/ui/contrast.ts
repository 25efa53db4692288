/** WCAG 2.1 relative luminance of a #RRGGBB colour. */
function luminance(hex: string): number {
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * White or black, whichever reads better on a company's own colour (#RRGGBB): a brand colour is
 * the tenant's choice, so the text on it cannot be fixed in advance.
 */
export function textOn(hex: string): 'white' | 'black' {
  const l = luminance(hex);
  return (1.05 / (l + 0.05)) >= ((l + 0.05) / 0.05) ? 'white' : 'black';
}
