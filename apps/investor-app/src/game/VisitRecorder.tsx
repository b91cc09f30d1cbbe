import { apiPost, useSession } from "@farm/ui";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { queryKeys } from "../layout/query-keys";

/** The place of the app a path is, as POST /api/game/visits names it (null: a page no quest or chore asks for). */
export function visitOf(pathname: string): { place: string; tokenId?: string } | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/farm") return { place: "garden" };
  if (path === "/market") return { place: "market" };
  if (path === "/leaderboard") return { place: "leaderboard" };
  if (path === "/profile") return { place: "profile" };
  const sheet = /^\/seeds\/(\d{1,78})$/.exec(path);
  return sheet ? { place: "factsheet", tokenId: sheet[1] } : null;
}

/** Visits this page load already told the server, by wallet, UTC day, place and seed: once each is enough. */
const told = new Set<string>();

interface VisitAnswer {
  counted: boolean;
  xpGained: number;
}

/**
 * Tells the server which place of the app the signed-in player opened (decision 0059): the quests and chores of that
 * place move there, once a UTC day, and the panels read the result from the server again when something moved.
 */
export function VisitRecorder() {
  const { session } = useSession();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    const visit = visitOf(pathname);
    if (!session || !visit) return;
    const key = `${session.address}:${new Date().toISOString().slice(0, 10)}:${visit.place}:${visit.tokenId ?? ""}`;
    if (told.has(key)) return;
    told.add(key);
    apiPost<VisitAnswer>("/game/visits", visit).then(
      (answer) => {
        if (!answer.counted) return;
        void queryClient.invalidateQueries({ queryKey: queryKeys.gameState });
        if (answer.xpGained > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      },
      // A visit not recorded (offline, rate limited) only leaves a quest open: it is tried again on the next load.
      () => told.delete(key),
    );
  }, [pathname, session, queryClient]);
  return null;
}
