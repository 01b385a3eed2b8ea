import { countText } from '@feedloom/validation';
/**
 * Relative time text: seconds, minutes, hours, days, months (30 days), years (365 days) ago.
 * A time in the future (a clock a little ahead) reads as just now.
 */
const UNITS: readonly (readonly [string, number])[] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

export function relativeTime(iso: string, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(iso).getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < 1) return 'just now';
  for (const [unit, size] of UNITS) {
    const n = Math.floor(seconds / size);
    if (n >= 1) return `${countText(n, unit)} ago`;
  }
  return 'just now';
}
