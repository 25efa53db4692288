/** Time behind an interface so tests can drive expiry, windows and schedules. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class FakeClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-05T09:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}
