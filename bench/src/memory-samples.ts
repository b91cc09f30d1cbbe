// Memory of this process over a backfill. The indexer commits up to 100,000 events at once, so "after the first
// 100,000 events" falls inside a transaction: the resident size is sampled on a timer, the benchmark records each
// commit (time, events), and the moment a given event count was written is interpolated within the transaction that
// holds it.

const MB = 1024 * 1024;

/** With --expose-gc every sample follows a full collection (less noise, slower run); without it, RSS as it is. */
export const forceGc = (globalThis as { gc?: () => void }).gc;

/** A full collection takes tens of milliseconds: with --expose-gc, samples are taken ten times less often. */
const SAMPLE_EVERY_MS = forceGc ? 1000 : 100;

export interface MemorySample {
  seconds: number;
  rssMb: number;
  heapUsedMb: number;
}

function sampleNow(since: number): MemorySample {
  forceGc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { seconds: (performance.now() - since) / 1000, rssMb: rss / MB, heapUsedMb: heapUsed / MB };
}

export class MemoryTimeline {
  private readonly started = performance.now();
  private readonly samples: MemorySample[] = [];
  /** (seconds, events written) at the start and after every commit. */
  private readonly commits: { seconds: number; events: number }[] = [{ seconds: 0, events: 0 }];
  private readonly timer = setInterval(() => this.samples.push(sampleNow(this.started)), SAMPLE_EVERY_MS);

  /** Records that `events` events in all are written now. */
  committed(events: number): void {
    this.commits.push({ seconds: (performance.now() - this.started) / 1000, events });
  }

  /** Stops sampling and takes the last sample. */
  stop(): MemorySample {
    clearInterval(this.timer);
    const last = sampleNow(this.started);
    this.samples.push(last);
    return last;
  }

  /** When `events` events had been written: interpolated inside the commit that reached it. */
  secondsAt(events: number): number {
    const after = this.commits.findIndex((commit) => commit.events >= events);
    if (after <= 0) throw new Error(`no commit reached ${events} events`);
    const from = this.commits[after - 1] as { seconds: number; events: number };
    const to = this.commits[after] as { seconds: number; events: number };
    return from.seconds + ((events - from.events) / (to.events - from.events)) * (to.seconds - from.seconds);
  }

  /** The sample nearest to when `events` events had been written. */
  at(events: number): MemorySample {
    const seconds = this.secondsAt(events);
    let nearest = this.samples[0] as MemorySample;
    for (const sample of this.samples) {
      if (Math.abs(sample.seconds - seconds) < Math.abs(nearest.seconds - seconds)) nearest = sample;
    }
    return nearest;
  }

  get peakRssMb(): number {
    return Math.max(...this.samples.map((sample) => sample.rssMb));
  }
}
