import type { FastifyBaseLogger } from "fastify";

export type Dependency = "database" | "cache" | "chain" | "storage";

interface OutageState {
  since: number;
  failures: number;
  probe: NodeJS.Timeout | undefined;
}

/**
 * Logs each dependency outage twice, not once per failed request: one error line when it starts and one line with the
 * count of failed calls and the duration once the dependency answers again (30 s of database outage under load used
 * to write a line, with every query parameter, per request). While an outage is open the dependency is probed every
 * `probeEveryMs`, so its end is noticed (and logged) even when no request comes.
 */
export class OutageLog {
  private readonly open = new Map<Dependency, OutageState>();
  private closed = false;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, "error" | "info">,
    private readonly probes: Partial<Record<Dependency, () => Promise<unknown>>> = {},
    private readonly probeEveryMs = 200,
    private readonly now: () => number = Date.now,
  ) {}

  /** A call to `dependency` failed because it is unreachable; `code` is a short error code, never a message. */
  failed(dependency: Dependency, code: string | undefined): void {
    const state = this.open.get(dependency);
    if (state) {
      state.failures += 1;
      return;
    }
    const opened: OutageState = { since: this.now(), failures: 1, probe: undefined };
    this.open.set(dependency, opened);
    this.log.error({ dependency, code }, `${dependency} unavailable; answering 503 until it is back`);
    this.scheduleProbe(dependency, opened);
  }

  private scheduleProbe(dependency: Dependency, state: OutageState): void {
    const probe = this.probes[dependency];
    if (!probe || this.closed) return;
    state.probe = setTimeout(() => {
      probe().then(
        () => this.succeeded(dependency),
        () => {
          if (this.open.get(dependency) === state) this.scheduleProbe(dependency, state);
        },
      );
    }, this.probeEveryMs);
    state.probe.unref();
  }

  /** A call to `dependency` succeeded: closes its outage, if one is open. Cheap when none is. */
  succeeded(dependency: Dependency): void {
    if (this.open.size === 0) return;
    const state = this.open.get(dependency);
    if (!state) return;
    clearTimeout(state.probe);
    this.open.delete(dependency);
    this.log.info(
      { dependency, failures: state.failures, durationMs: this.now() - state.since },
      `${dependency} available again after ${state.failures} failed calls`,
    );
  }

  isDown(dependency: Dependency): boolean {
    return this.open.has(dependency);
  }

  /** Failed calls counted in the open outage of `dependency` (0 when none is open). */
  failures(dependency: Dependency): number {
    return this.open.get(dependency)?.failures ?? 0;
  }

  stop(): void {
    this.closed = true;
    for (const state of this.open.values()) clearTimeout(state.probe);
  }
}
