// ISO 8601 as the channels use it: `YYYY-MM-DD`, optionally `Thh:mm[:ss]` and a zone (`Z`,
// `-0800`, `-08:00`). Without a time the day ends at 23:59:59; without a zone we read it as UTC, which is
// what the API assumes (feeds would use the target country's zone: close enough to order two dates).

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export interface TParsedDate {
  /** Milliseconds since the epoch. */
  time: number;
  hasTime: boolean;
  hasZone: boolean;
}

const daysIn = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export const parseIsoDate = (text: string): TParsedDate | undefined => {
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > daysIn(y, mo)) return undefined;
  const hasTime = m[4] !== undefined;
  const h = hasTime ? Number(m[4]) : 23;
  const mi = hasTime ? Number(m[5]) : 59;
  const s = hasTime ? Number(m[6] ?? 0) : 59;
  if (h > 23 || mi > 59 || s > 59) return undefined;
  let offsetMin = 0;
  const zone = m[7];
  if (zone && zone !== 'Z') {
    const digits = zone.replace(':', '');
    const sign = digits[0] === '-' ? -1 : 1;
    const oh = Number(digits.slice(1, 3));
    const om = Number(digits.slice(3, 5));
    if (oh > 14 || om > 59) return undefined;
    offsetMin = sign * (oh * 60 + om);
  }
  return {
    time: Date.UTC(y, mo - 1, d, h, mi, s) - offsetMin * 60_000,
    hasTime,
    hasZone: zone !== undefined,
  };
};

export interface TParsedInterval {
  start: TParsedDate;
  end: TParsedDate;
  startText: string;
  endText: string;
}

/** `start/end`, each an ISO 8601 date. */
export const parseInterval = (text: string): TParsedInterval | undefined => {
  const parts = text.trim().split('/');
  if (parts.length !== 2 || parts[0] === undefined || parts[1] === undefined) return undefined;
  const start = parseIsoDate(parts[0]);
  const end = parseIsoDate(parts[1]);
  if (!start || !end) return undefined;
  return { start, end, startText: parts[0].trim(), endText: parts[1].trim() };
};

/** RFC 3339 timestamp for the Merchant API (Timestamp JSON form), in UTC. */
export const toRfc3339 = (text: string): string | undefined => {
  const d = parseIsoDate(text);
  return d ? new Date(d.time).toISOString().replace('.000Z', 'Z') : undefined;
};
