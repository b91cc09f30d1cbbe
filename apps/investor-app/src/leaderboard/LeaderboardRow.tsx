import type { LeaderboardEntry, LeaderboardKind } from "@farm/core";
import { GoldAmount, shortAddress, useT } from "@farm/ui";
import { AvatarBadge } from "../avatar/AvatarBadge";
import { RankName } from "./RankName";

/** One ranked player; XP is a count, the other rankings are GOLD amounts. */
export function LeaderboardRow({
  entry,
  by,
  isMe,
}: {
  entry: LeaderboardEntry;
  by: LeaderboardKind;
  isMe: boolean;
}) {
  const t = useT();
  return (
    <li className={isMe ? "rank-row rank-row--me" : "rank-row"} aria-current={isMe ? "true" : undefined}>
      <span className="rank-row__rank">#{entry.rank}</span>
      <AvatarBadge avatar={entry.avatar} />
      <RankName name={entry.name ?? shortAddress(entry.address)} title={entry.name ?? entry.address}>
        {isMe && <span className="tag">{t("leaderboard.you")}</span>}
      </RankName>
      <RankScore entry={entry} by={by} />
    </li>
  );
}

/** A ranked player's score: XP is a count, the other rankings are GOLD amounts, written plainly. */
export function RankScore({ entry, by }: { entry: LeaderboardEntry; by: LeaderboardKind }) {
  const t = useT();
  return (
    <span className="rank-row__score">
      {by === "xp" ? (
        t("leaderboard.xpScore", { xp: entry.score })
      ) : (
        <GoldAmount value={entry.score} rupiah={false} />
      )}
    </span>
  );
}
