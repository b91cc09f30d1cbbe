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
