import type { UserProfile } from "@farm/core";
import type { Session } from "../../types";
import { gameProfilePart } from "../game/profile";
import type { ProfileDeps, ProfilePart } from "./profile-part";

/** Address, roles and farmer status: the identity authentication already loaded, so this part costs nothing. */
export const identityPart: ProfilePart = async (_app, session) => ({
  address: session.address,
  roles: session.roles,
  farmer: session.farmer,
});

/** Every part of the profile; an area adds its own part here (e.g. the game's xp, level, water and stats). */
export const profileParts: ProfilePart[] = [identityPart, gameProfilePart];

/** The parts run in parallel and their fields are merged into one profile. */
export async function buildProfile(
  app: ProfileDeps,
  session: Session,
  now = new Date(),
): Promise<UserProfile> {
  const contributions = await Promise.all(profileParts.map((part) => part(app, session, now)));
  return Object.assign({}, ...contributions) as UserProfile;
}
