import type { UserProfile } from "@farm/core";
import type { FastifyInstance } from "fastify";
import type { Session } from "../../types";

/** One area's contribution to GET /api/user/profile, computed for the signed-in wallet. */
export type ProfilePart = (
  app: FastifyInstance,
  session: Session,
  now: Date,
) => Promise<Partial<UserProfile>>;
