export { formatMoney } from '../../ui/format';

/** A typed amount ("12.50") in the minor units of `currency`; null when it is not a number. */
export function toMinor(typed: string, currency: string): number | null {
  if (!/^\d+(\.\d+)?$/.test(typed.trim())) return null;
  const digits = new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return Math.round(Number(typed) * 10 ** digits);
}

/** Minor units as the amount a person types ("1250" pence → "12.50"). */
export function fromMinor(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat(undefined, { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}
