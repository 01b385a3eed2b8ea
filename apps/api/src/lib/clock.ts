/** Time source of the services, so tests can move time instead of waiting for it. */
export interface TClock {
  now(): Date;
}

export const systemClock: TClock = { now: () => new Date() };

export interface TFakeClock extends TClock {
  advance(ms: number): void;
  set(date: Date): void;
}

/** Starts at the real time and only moves when told to. */
export const fakeClock = (start: Date = new Date()): TFakeClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
};

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);
