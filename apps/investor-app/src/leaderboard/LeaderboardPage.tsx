import type { LeaderboardKind } from "@farm/core";
import { Notice, useT } from "@farm/ui";
import { useState } from "react";
import { ErrorNotice } from "../layout/ErrorNotice";
import { LeaderboardRow } from "./LeaderboardRow";
import { LeaderboardTabs } from "./LeaderboardTabs";
import { Podium, podiumPlaces } from "./Podium";
import { SeasonBoard } from "./SeasonBoard";
import { useLeaderboard } from "./use-leaderboard";

const panelId = "leaderboard-panel";

export default function LeaderboardPage() {
  const t = useT();
  const [by, setBy] = useState<LeaderboardKind>("xp");
  const board = useLeaderboard(by);
  const entries = board.data?.pages.flatMap((page) => page.entries) ?? [];
  const me = board.data?.pages[0]?.me ?? null;
  const meListed = me !== null && entries.some((entry) => entry.address === me.address);
  return (
    <section aria-labelledby="leaderboard-title">
      <h1 id="leaderboard-title">{t("leaderboard.title")}</h1>
      <LeaderboardTabs selected={by} onSelect={setBy} panelId={panelId} />
      <div role="tabpanel" id={panelId} aria-labelledby={`tab-${by}`} className="panel">
        {board.isPending && <p role="status">{t("common.loading")}</p>}
        {board.error && <ErrorNotice error={board.error} />}
        {board.data && entries.length === 0 && <Notice tone="info">{t("leaderboard.empty")}</Notice>}
        <Podium entries={entries} by={by} me={me?.address ?? null} />
        <ol className="rank-list">
          {entries.slice(podiumPlaces).map((entry) => (
            <LeaderboardRow key={entry.address} entry={entry} by={by} isMe={entry.address === me?.address} />
          ))}
        </ol>
        {board.hasNextPage && (
          <button type="button" className="button button--quiet" onClick={() => board.fetchNextPage()}>
            {t("leaderboard.more")}
          </button>
        )}
        {me && !meListed && (
          <ol className="rank-list rank-list--me" aria-label={t("leaderboard.yourRank")}>
            <LeaderboardRow entry={me} by={by} isMe />
          </ol>
        )}
      </div>
      <SeasonBoard />
    </section>
  );
}
