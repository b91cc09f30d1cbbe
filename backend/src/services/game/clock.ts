/**
 * The game's wall clock: UTC days for water, streaks and quests. Real time, except on a test stack
 * (GAME_TEST_CLOCK) where an end-to-end journey moves it forward to "come back tomorrow". Money and crop stages
 * never read it: they run on the chain's clock.
 */
export class GameClock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  setOffset(offsetMs: number): void {
    this.offsetMs = offsetMs;
  }
}

const clocks = new WeakMap<object, GameClock>();

/**
 * The app's one game clock, shared by every route area, so the test clock moves the whole game's day at once. Keyed
 * by the app's config object: each route plugin sees its own encapsulated instance, but the same config.
 */
export function gameClockOf(app: { config: object }): GameClock {
  let clock = clocks.get(app.config);
  if (clock === undefined) {
    clock = new GameClock();
    clocks.set(app.config, clock);
  }
  return clock;
}
