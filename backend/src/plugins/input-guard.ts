import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors";

/** The path of the first string holding a NUL character, which PostgreSQL cannot store in text; null when none. */
export function pathOfNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (depth > 32 || value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = pathOfNul(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a NUL character anywhere in the path, query or JSON body with a 400 before any handler sees it. */
export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook("preValidation", async (request) => {
    const found =
      (request.url.includes("%00") || request.url.includes("\u0000") ? ["url"] : null) ??
      pathOfNul(request.query, ["query"]) ??
      pathOfNul(request.body, ["body"]);
    if (found)
      throw badRequest("Text may not contain NUL characters", {
        issues: [{ path: found.slice(1), message: "contains a NUL character" }],
      });
  });
});
