import { anvilDevAccounts } from "@farm/core/dev-accounts";
import type { FastifyRequest } from "fastify";
import { describe, expect, it } from "vitest";
import { AppError } from "../src/errors";
import { requireSession } from "../src/session";
import type { Session } from "../src/types";

describe("requireSession", () => {
  it("gives the preHandler's session, and a 401 where a route forgot its preHandler", () => {
    const session: Session = {
      address: anvilDevAccounts[3][1],
      roles: [],
      farmer: null,
      id: "x",
    };
    expect(requireSession({ session } as FastifyRequest)).toBe(session);
    let refused: unknown;
    try {
      requireSession({ session: null } as FastifyRequest);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(401);
  });
});
