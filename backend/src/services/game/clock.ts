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

/** One game clock per app, shared by every route area that reads the game's day (keyed by the app's config object,
 *  which every encapsulated plugin context shares), so the test clock moves them all. */
const clocks = new WeakMap<object, GameClock>();

export function gameClockOf(app: { config: object }): GameClock {
  let clock = clocks.get(app.config);
  if (!clock) {
    clock = new GameClock();
    clocks.set(app.config, clock);
  }
  return clock;
}
