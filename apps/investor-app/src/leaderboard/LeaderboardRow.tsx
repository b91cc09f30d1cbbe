import type { LeaderboardEntry, LeaderboardKind } from "@farm/core";
import { GoldAmount, shortAddress, useT } from "@farm/ui";
import { Link } from "react-router";
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
    <li
      className={`rank-row${isMe ? " rank-row--me" : ""}${entry.garden ? " rank-row--visit" : ""}`}
      aria-current={isMe ? "true" : undefined}
    >
      <span className="rank-row__rank">#{entry.rank}</span>
      <AvatarBadge avatar={entry.avatar} />
      <RankName name={entry.name ?? shortAddress(entry.address)} title={entry.name ?? entry.address}>
        {isMe && <span className="tag">{t("leaderboard.you")}</span>}
      </RankName>
      <span className="rank-row__score">
        {by === "xp" ? (
          t("leaderboard.xpScore", { xp: entry.score })
        ) : (
          <GoldAmount value={entry.score} rupiah={false} />
        )}
      </span>
      {entry.garden && (
        <Link
          to={`/gardens/${entry.garden}`}
          className="rank-row__visit"
          aria-label={t("leaderboard.visitLabel", { name: entry.name ?? shortAddress(entry.address) })}
        >
          {t("leaderboard.visit")}
        </Link>
      )}
    </li>
  );
}
