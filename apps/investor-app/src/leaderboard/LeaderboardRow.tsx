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
      <RankScore entry={entry} by={by} />
      <VisitLink entry={entry} />
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

/** "Visit" a player's garden: only while that player keeps it public (the entry then carries its slug). */
export function VisitLink({ entry }: { entry: LeaderboardEntry }) {
  const t = useT();
  if (!entry.garden) return null;
  return (
    <Link
      to={`/gardens/${entry.garden}`}
      className="rank-row__visit"
      data-testid="visit-garden"
      aria-label={t("leaderboard.visitLabel", { name: entry.name ?? shortAddress(entry.address) })}
    >
      {t("leaderboard.visit")}
    </Link>
  );
}
