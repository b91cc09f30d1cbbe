import type { Executor } from "../../adapters/db/database";

/** How long one platform-wide reading is reused: it reads every funded invoice, and home pages ask often. */
export const platformReadingTtlMs = 10_000;

/**
 * One reading per database shared by the requests of its `ttlMs` window (decision 0054): the platform record and the
 * volume read whole tables, so a busy home page must not run them once per visitor. A failed reading is not kept.
 */
export function sharedReading<T>(
  read: (db: Executor, now: Date) => Promise<T>,
  ttlMs = platformReadingTtlMs,
): (db: Executor, now: Date) => Promise<T> {
  const readings = new WeakMap<Executor, { readAtMs: number; answer: Promise<T> }>();
  return (db, now) => {
    const last = readings.get(db);
    if (last && Date.now() - last.readAtMs < ttlMs) return last.answer;
    const answer = read(db, now);
    readings.set(db, { readAtMs: Date.now(), answer });
    answer.catch(() => readings.delete(db));
    return answer;
  };
}
