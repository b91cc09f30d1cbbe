import type { UserProfile } from "@farm/core";
import type { FastifyInstance } from "fastify";
import type { Session } from "../../types";

/** What a profile part may read: the database (identity comes with the session). */
export type ProfileDeps = Pick<FastifyInstance, "db">;

/** One area's contribution to GET /api/user/profile, computed for the signed-in wallet. */
export type ProfilePart = (app: ProfileDeps, session: Session, now: Date) => Promise<Partial<UserProfile>>;
