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

/** Keys one keyed reading keeps per database: enough for every fact sheet a busy shop shows in ten seconds. */
const KEYED_READINGS_KEPT = 2_000;

/**
 * `sharedReading` per key (a fact sheet per token id): each key's reading is shared for `ttlMs`, and the oldest keys go
 * once more than `KEYED_READINGS_KEPT` are held.
 */
export function sharedKeyedReading<K, T>(
  read: (db: Executor, key: K, now: Date) => Promise<T>,
  ttlMs = platformReadingTtlMs,
): (db: Executor, key: K, now: Date) => Promise<T> {
  const byDatabase = new WeakMap<Executor, Map<K, { readAtMs: number; answer: Promise<T> }>>();
  return (db, key, now) => {
    let readings = byDatabase.get(db);
    if (!readings) {
      readings = new Map();
      byDatabase.set(db, readings);
    }
    const last = readings.get(key);
    if (last && Date.now() - last.readAtMs < ttlMs) return last.answer;
    const answer = read(db, key, now);
    readings.delete(key);
    readings.set(key, { readAtMs: Date.now(), answer });
    if (readings.size > KEYED_READINGS_KEPT) readings.delete(readings.keys().next().value as K);
    const kept = readings;
    answer.catch(() => kept.delete(key));
    return answer;
  };
}
