import type { FastifyBaseLogger } from "fastify";

export type Dependency = "database" | "cache" | "chain" | "storage";

interface OutageState {
  since: number;
  failures: number;
  probe: NodeJS.Timeout | undefined;
}

export interface OutageLogOptions {
  /** How often a dependency that is away is probed (ms). */
  probeEveryMs?: number;
  now?: () => number;
  /**
   * A background part keeping its own record (pg-boss's queue, whose calls may fail while requests do not): its two
   * lines name it, and the first is a warning rather than the requests' "answering 503" error.
   */
  part?: string;
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
  private readonly probeEveryMs: number;
  private readonly now: () => number;
  private readonly part: string | undefined;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, "error" | "warn" | "info">,
    private readonly probes: Partial<Record<Dependency, () => Promise<unknown>>> = {},
    options: OutageLogOptions = {},
  ) {
    this.probeEveryMs = options.probeEveryMs ?? 200;
    this.now = options.now ?? Date.now;
    this.part = options.part;
  }

  /** A call to `dependency` failed because it is unreachable; `code` is a short error code, never a message. */
  failed(dependency: Dependency, code: string | undefined): void {
    const state = this.open.get(dependency);
    if (state) {
      state.failures += 1;
      return;
    }
    const opened: OutageState = { since: this.now(), failures: 1, probe: undefined };
    this.open.set(dependency, opened);
    if (this.part === undefined)
      this.log.error({ dependency, code }, `${dependency} unavailable; answering 503 until it is back`);
    else
      this.log.warn(
        { part: this.part, dependency, code },
        `${this.part}: ${dependency} unavailable; its failed calls are counted until it is back`,
      );
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
    const part = this.part === undefined ? {} : { part: this.part };
    this.log.info(
      { ...part, dependency, failures: state.failures, durationMs: this.now() - state.since },
      `${this.part === undefined ? "" : `${this.part}: `}${dependency} available again after ${state.failures} failed calls`,
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
