import type { LeaderboardKind } from "@farm/core";

/** Query keys in one place so a watering or a harvest can invalidate exactly what it changed. */
export const queryKeys = {
  profile: ["user", "profile"] as const,
  crops: ["crops"] as const,
  gameState: ["game", "state"] as const,
  seasons: ["leaderboard", "seasons"] as const,
  activity: ["user", "activity"] as const,
  leaderboard: (by: LeaderboardKind) => ["leaderboard", by] as const,
  invoiceMetadata: ["invoices", "approved"] as const,
  investorStatus: ["investors", "me"] as const,
};
