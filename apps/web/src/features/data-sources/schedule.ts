// Labels of a URL source's schedule: hourly fetch times 12:00 AM … 11:00 PM, weekdays Monday to
// Sunday, and the day-of-month list of the current month. Values are what the api stores: fetch_time
// `HH:MM` (24-hour, the shop's timezone), day 1 (Monday) … 7 for weekly and 1 … 31 for monthly.

/** `00:00` … `23:00`. */
export const FETCH_TIMES: readonly string[] = Array.from(
  { length: 24 },
  (_, h) => `${String(h).padStart(2, '0')}:00`,
);

/** `13:00` → `1:00 PM`, `00:00` → `12:00 AM`. */
export function fetchTimeLabel(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The days of the current month: 1 … 28, 29, 30 or 31. */
export function daysOfMonth(now: Date = new Date()): number[] {
  const count = new Date(now.getFullYear(), now.getMonth() + 1, 0).getDate();
  return Array.from({ length: count }, (_, i) => i + 1);
}

const ordinal = (n: number) => {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th');
  return `${n}${suffix}`;
};

export interface Schedule {
  frequency: 'daily' | 'weekly' | 'monthly' | null;
  fetch_time: string | null;
  day: number | null;
}

/** "Daily at 9:00 AM", "Weekly on Monday at 12:00 AM", "Monthly on the 15th at 6:00 PM"; null when none. */
export function scheduleText({ frequency, fetch_time, day }: Schedule): string | null {
  if (!frequency) return null;
  const at = fetch_time ? ` at ${fetchTimeLabel(fetch_time)}` : '';
  if (frequency === 'daily') return `Daily${at}`;
  if (frequency === 'weekly') return `Weekly${day ? ` on ${WEEKDAYS[day - 1] ?? ''}` : ''}${at}`;
  return `Monthly${day ? ` on the ${ordinal(day)}` : ''}${at}`;
}
