/** The time as the application sees it. Everything that schedules (jobs, throttles, sessions) asks this. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * Real time plus an offset that a test moves forward: timers keep running, and "24 hours later" is
 * one `advance()` away. Inject it with `buildApp(config, { clock })`.
 */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
  /** Jumps to `at` (then runs on from there). */
  set(at: Date): void {
    this.offsetMs = at.getTime() - Date.now();
  }
}
