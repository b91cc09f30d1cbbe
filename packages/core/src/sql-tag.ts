/**
 * How a rule writes its SQL form without a database library: the backend passes drizzle's `sql` tag, which has this
 * shape, and gets its own fragment type back. Interpolated values become bound parameters; `raw` takes core's own
 * constants and column names only, never input.
 */
export interface SqlTag<S> {
  (strings: TemplateStringsArray, ...values: unknown[]): S;
  raw(text: string): S;
  join(chunks: S[], separator: S): S;
}

/** A constant of a rule (a number from core, never input) written into the SQL text. */
export const sqlConstant = <S>(q: SqlTag<S>, value: number): S => q.raw(String(value));
