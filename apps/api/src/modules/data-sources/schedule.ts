// When a URL data source is fetched next: daily, weekly (day 1 = Monday … 7 = Sunday) or
// monthly (day 1 … 31; a shorter month runs on its last day) at `fetch_time` (HH:MM) in the shop's timezone.
// Pure: the worker's tick (service.scheduleTick) stores the answer in data_sources.next_fetch_at.
//
// Wall times that do not exist (the hour skipped when clocks go forward) run that much later, on the new
// offset (02:30 → 03:30); wall times that happen twice (clocks going back) run on the first one — the
// "compatible" rule of Temporal and of most schedulers.

export interface TFetchSchedule {
  frequency: 'daily' | 'weekly' | 'monthly' | null;
  fetch_time: string | null;
  day: number | null;
}

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone if the runtime knows it, else UTC (a shop row with a bad zone must not stop the scheduler). */
export const validTimeZone = (zone: string | null | undefined): string => {
  if (!zone) return 'UTC';
  try {
    formatterOf(zone);
    return zone;
  } catch {
    return 'UTC';
  }
};

function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

interface TWall {
  year: number;
  /** 1 … 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall clock of `zone` at `instant` (ms). */
const wallAt = (zone: string, instant: number): TWall => {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== 'literal')
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<string, number>;
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
};

/** UTC offset of `zone` at `instant`, in ms (east positive), to the minute. */
const offsetAt = (zone: string, instant: number): number => {
  const w = wallAt(zone, instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - instant) / 60_000) * 60_000;
};

/** The instant a wall time of `zone` names (see the header for skipped and repeated wall times). */
export const zonedToInstant = (
  zone: string,
  wall: { year: number; month: number; day: number; hour: number; minute: number },
): Date => {
  const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(zone, local - DAY_MS);
  const after = offsetAt(zone, local + DAY_MS);
  const valid = [...new Set([before, after])]
    .map((offset) => local - offset)
    .filter((instant) => offsetAt(zone, instant) === local - instant)
    .sort((a, b) => a - b);
  // In a gap neither offset names the wall time: take the offset in force before the gap.
  return new Date(valid[0] ?? local - before);
};

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Calendar arithmetic on a plain date (no zone involved). */
const addDays = (d: { year: number; month: number; day: number }, n: number) => {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
};

/** ISO weekday of a plain date: 1 = Monday … 7 = Sunday. */
const isoWeekday = (d: { year: number; month: number; day: number }) =>
  ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;

const parseTime = (time: string): { hour: number; minute: number } | null => {
  const m = /^(\d{2}):(\d{2})$/.exec(time);
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour < 24 && minute < 60 ? { hour, minute } : null;
};

/**
 * The first fetch strictly after `after` (a Date), or null when the schedule is incomplete (no frequency or
 * time, or a weekly/monthly schedule without its day).
 */
export const nextFetchAt = (schedule: TFetchSchedule, timeZone: string, after: Date): Date | null => {
  const zone = validTimeZone(timeZone);
  const time = schedule.fetch_time ? parseTime(schedule.fetch_time) : null;
  if (!schedule.frequency || !time) return null;
  const { frequency, day } = schedule;
  if (frequency === 'weekly' && (day === null || day < 1 || day > 7)) return null;
  if (frequency === 'monthly' && (day === null || day < 1 || day > 31)) return null;
  const today = wallAt(zone, after.getTime());
  const at = (d: { year: number; month: number; day: number }) => zonedToInstant(zone, { ...d, ...time });

  if (frequency === 'monthly') {
    // This month's run (on the day, or the month's last day), else next month's; at most one month ahead.
    for (let i = 0; i < 3; i++) {
      const month0 = today.month - 1 + i;
      const year = today.year + Math.floor(month0 / 12);
      const month = (month0 % 12) + 1;
      const candidate = at({ year, month, day: Math.min(day!, daysInMonth(year, month)) });
      if (candidate.getTime() > after.getTime()) return candidate;
    }
    return null;
  }
  // Daily and weekly: walk the days from today (the first matching one, at most eight days ahead).
  for (let i = 0; i < 9; i++) {
    const date = addDays(today, i);
    if (frequency === 'weekly' && isoWeekday(date) !== day) continue;
    const candidate = at(date);
    if (candidate.getTime() > after.getTime()) return candidate;
  }
  return null;
};
