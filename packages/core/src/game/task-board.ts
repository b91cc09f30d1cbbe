import type { SqlTag } from "../sql-tag";
import { GameRuleError } from "./errors";

// The engine under the daily quests and the weekly chores: a board of a few tasks drawn from what the player can do,
// stored on the players row (ids and progress by slot), moved by counts of events of each kind. Nothing here knows
// which tasks exist: quests.ts and chores.ts hold the catalogues.

/** A task of a catalogue: events of `kind` reaching `target` complete it. */
export interface TaskDefinition<K extends string = string> {
  id: string;
  kind: K;
  target: number;
}

/** A catalogue entry: the task, its tier (0 is drawn before 1) and whether the player can complete it from `facts`. */
export interface TaskOption<K extends string, F> extends TaskDefinition<K> {
  tier: 0 | 1;
  possible: (facts: F) => boolean;
}

/** FNV-1a, 32 bits: a stable hash of the seed text on every platform. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a small seeded generator, so a draw is the same in the backend, the apps and the tests. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Draws up to `count` tasks of distinct kinds from the options possible for `facts`, reproducibly from `seed`: one
 * option a kind (chosen at random among its possible targets), the kinds shuffled, tier 0 first.
 */
export function drawTasks<K extends string, F>(
  catalogue: readonly TaskOption<K, F>[],
  facts: F,
  seed: string,
  count: number,
): TaskDefinition<K>[] {
  const random = mulberry32(fnv1a(seed));
  const byKind = new Map<K, TaskOption<K, F>[]>();
  for (const option of catalogue)
    if (option.possible(facts)) byKind.set(option.kind, [...(byKind.get(option.kind) ?? []), option]);
  const picks = [...byKind.values()].map((options) => options[Math.floor(random() * options.length)]!);
  for (let i = picks.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [picks[i], picks[j]] = [picks[j]!, picks[i]!];
  }
  return picks
    .sort((a, b) => a.tier - b.tier)
    .slice(0, count)
    .map(({ id, kind, target }) => ({ id, kind, target }));
}

/** A drawn board as the players row keeps it: the task ids by slot and the progress of each. */
export interface TaskBoard {
  ids: readonly string[];
  progress: readonly number[];
}

export interface BoardMoved {
  progress: number[];
  /** Tasks these events completed, in slot order. */
  completed: string[];
  /** These events completed the board's last open task. */
  allCompleted: boolean;
}

/** Events of each kind at once: whole numbers, 0 or more; a kind left out counts 0. */
export type TaskCounts<K extends string> = Partial<Readonly<Record<K, number>>>;

export function assertCounts(counts: Readonly<Record<string, number | undefined>>): void {
  for (const count of Object.values(counts))
    if (count !== undefined && (!Number.isInteger(count) || count < 0))
      throw new GameRuleError("UNKNOWN_QUEST", `a task event counts whole events, got ${count}`);
}

/** The definition of a stored id; an id no catalogue knows (never written by a draw) is a task that cannot move. */
const definitionOf = <K extends string>(catalogue: readonly TaskDefinition<K>[], id: string) =>
  catalogue.find((task) => task.id === id);

/** Whether every task of the board is done (an empty board is not: there is nothing to complete). */
function allDone(catalogue: readonly TaskDefinition[], board: TaskBoard, progress: readonly number[]) {
  return (
    board.ids.length > 0 &&
    board.ids.every((id, slot) => (progress[slot] ?? 0) >= (definitionOf(catalogue, id)?.target ?? Infinity))
  );
}

/** Moves a live board by the events: progress stops at each target and never goes back; each task completes once. */
export function moveBoard<K extends string>(
  catalogue: readonly TaskDefinition<K>[],
  board: TaskBoard,
  counts: TaskCounts<K>,
): BoardMoved {
  assertCounts(counts);
  const before = board.ids.map((_, slot) => board.progress[slot] ?? 0);
  const after = board.ids.map((id, slot) => {
    const task = definitionOf(catalogue, id);
    return task
      ? Math.max(before[slot]!, Math.min(task.target, before[slot]! + (counts[task.kind] ?? 0)))
      : before[slot]!;
  });
  const completed = board.ids.filter((id, slot) => {
    const target = definitionOf(catalogue, id)?.target ?? Infinity;
    return before[slot]! < target && after[slot]! >= target;
  });
  return {
    progress: after,
    completed,
    allCompleted: allDone(catalogue, board, after) && !allDone(catalogue, board, before),
  };
}

/**
 * moveBoard in SQL, as FROM items of a statement over the players columns `ids` and `progress` (old values) for
 * `slots` slots, each kind's count an expression (kinds left out count 0): `alias`.progress (the new array),
 * `alias`.completed (tasks completed now) and `alias`.all_completed (the board's last open task completed now). Ids and
 * targets are core's constants written into the text, never input. Each step is fenced (`offset 0`): flattened
 * into the statement, every use of a step would copy the whole expression of the one before, and the copies multiply.
 */
export function moveBoardSql<S, K extends string>(
  q: SqlTag<S>,
  catalogue: readonly TaskDefinition<K>[],
  columns: { ids: string; progress: string },
  slots: number,
  counts: Partial<Record<K, S>>,
  alias: string,
): S {
  const ids = q.raw(columns.ids);
  const a = q.raw(alias);
  const input = q.raw(`${alias}_in`);
  const numbers = Array.from({ length: slots }, (_, i) => i + 1);
  const slot = (i: number) => q.raw(String(i));
  const byId = (i: number, value: (task: TaskDefinition<K>) => S, otherwise: S) =>
    q`(case ${ids}[${slot(i)}] ${q.join(
      catalogue.map((task) => q`when ${q.raw(`'${task.id}'`)} then ${value(task)}`),
      q` `,
    )} else ${otherwise} end)`;
  const targets = numbers.map((i) => byId(i, (task) => q.raw(String(task.target)), q.raw("2147483647")));
  const counted = numbers.map((i) => byId(i, (task) => counts[task.kind] ?? q.raw("0"), q.raw("0")));
  const before = (i: number) => q`coalesce(${q.raw(columns.progress)}[${slot(i)}], 0)`;
  const target = (i: number) => q`${input}.t[${slot(i)}]`;
  const after = (i: number) =>
    q`greatest(${before(i)}, least(${target(i)}, ${before(i)} + ${input}.n[${slot(i)}]))`;
  const done = (value: (i: number) => S) =>
    q`(cardinality(${ids}) > 0 and ${q.join(
      numbers.map((i) => q`(${ids}[${slot(i)}] is null or ${value(i)} >= ${target(i)})`),
      q` and `,
    )})`;
  return q`cross join lateral (select array[${q.join(targets, q`, `)}]::int[] as t,
      array[${q.join(counted, q`, `)}]::int[] as n offset 0) ${input}
    cross join lateral (select array[${q.join(numbers.map(after), q`, `)}]::int[] as progress,
      (${q.join(
        numbers.map(
          (i) => q`(case when ${ids}[${slot(i)}] is not null and ${before(i)} < ${target(i)}
            and ${after(i)} >= ${target(i)} then 1 else 0 end)`,
        ),
        q` + `,
      )}) as completed,
      (${done(after)} and not ${done(before)}) as all_completed offset 0) ${a}`;
}
