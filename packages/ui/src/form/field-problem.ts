import { DATE_NOT_IN_FUTURE, type GoldTextProblem } from "@farm/core";
import { goldProblemText } from "../gold/gold-input";
import type { Translate } from "../i18n/types";

/** What exactly is wrong with a field, read from a zod issue: too long or too short (with its limit), a number
 *  above its maximum, a date not in the future, or anything else (the field's own message says what it needs). */
export type FieldProblem =
  | { kind: "tooLong"; limit: number }
  | { kind: "tooShort"; limit: number }
  | { kind: "atMost"; max: number }
  | { kind: "notFuture" }
  | { kind: "beforeFundingCloses"; earliest: string }
  | { kind: "afterLatest"; latest: string }
  | { kind: "gold"; problem: GoldTextProblem | { kind: "zero" } }
  | { kind: "invalid" };

/** `typed` is the field's value as checked: text too short says its minimum only when something was typed (an empty
 *  field gets the field's own message, which says what to write). */
export function problemOf(
  issue: { code: string; message: string; maximum?: unknown; minimum?: unknown; origin?: unknown },
  typed?: unknown,
): FieldProblem {
  if (issue.code === "too_big" && issue.origin === "string" && typeof issue.maximum !== "undefined") {
    return { kind: "tooLong", limit: Number(issue.maximum) };
  }
  if (issue.code === "too_big" && issue.origin === "number" && typeof issue.maximum !== "undefined") {
    return { kind: "atMost", max: Number(issue.maximum) };
  }
  if (
    issue.code === "too_small" &&
    issue.origin === "string" &&
    Number(issue.minimum) > 1 &&
    typeof typed === "string" &&
    typed.trim() !== ""
  ) {
    return { kind: "tooShort", limit: Number(issue.minimum) };
  }
  if (issue.message === DATE_NOT_IN_FUTURE) return { kind: "notFuture" };
  return { kind: "invalid" };
}

/**
 * The problem in words: its exact limit or rule when it has one, else the field's own message (`fieldKey`).
 * `formatDay` writes a `YYYY-MM-DD` day in the page's date style.
 */
export function problemText(
  t: Translate,
  problem: FieldProblem,
  fieldKey: string,
  formatDay: (isoDay: string) => string = (isoDay) => isoDay,
): string {
  if (problem.kind === "tooLong") return t("form.tooLong", { count: problem.limit });
  if (problem.kind === "tooShort") return t("form.tooShort", { count: problem.limit });
  if (problem.kind === "atMost") return t("form.atMost", { max: problem.max });
  if (problem.kind === "gold") return goldProblemText(t, problem.problem);
  if (problem.kind === "notFuture") return t("form.dateNotInFuture");
  if (problem.kind === "beforeFundingCloses")
    return t("form.dateBeforeFundingCloses", { date: formatDay(problem.earliest) });
  if (problem.kind === "afterLatest") return t("form.dateAfterLatest", { date: formatDay(problem.latest) });
  return t(fieldKey);
}
