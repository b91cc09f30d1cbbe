import { apiAnswers, apiOperationOf } from "@farm/core";

/** An answer the API gave outside the contract in `@farm/core` (a bug on one side or the other, never the user's). */
export class AnswerContractError extends Error {
  override readonly name = "AnswerContractError";
}

/**
 * Parses a successful answer with core's schema for its operation (`apiAnswers`). Loaded only in development and
 * tests (the production bundle has no trace of it): there a drift between the API and the apps fails loudly at the
 * call that met it instead of as a wrong number on a page.
 */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const operation = apiOperationOf(method, url);
  // Byte and empty answers are not in the contract (a backend test keeps the JSON list whole).
  if (operation === null) return;
  const expected = apiAnswers[operation];
  if (status !== expected.status)
    throw new AnswerContractError(`${operation} answered ${status}; the contract says ${expected.status}`);
  const parsed = expected.schema.safeParse(body);
  if (!parsed.success)
    throw new AnswerContractError(`${operation} answered outside core's schema: ${parsed.error.message}`);
}
