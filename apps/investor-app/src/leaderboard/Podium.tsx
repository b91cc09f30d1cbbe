import type { LeaderboardEntry, LeaderboardKind } from "@farm/core";
import { shortAddress, useT, wordPack } from "@farm/ui";
import { AvatarBadge } from "../avatar/AvatarBadge";
import { lookWords } from "../i18n/look";
import { RankScore, VisitLink } from "./LeaderboardRow";
import { RankName } from "./RankName";

wordPack(lookWords);

/** How many players stand on the podium; the rest of the board follows in rows. */
export const podiumPlaces = 3;

/** A rosette in the place's colour with its number: decorative, the rank is also written out for screen readers. */
function Rosette({ place }: { place: number }) {
  return (
    <svg
      className="podium__rosette"
      viewBox="0 0 32 40"
      width="28"
      height="35"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 22 L5 39 L12 35 L16 40 L16 24 Z M23 22 L27 39 L20 35 L16 40 L16 24 Z" fill="currentColor" />
      <circle cx="16" cy="15" r="13" fill="currentColor" />
      <circle cx="16" cy="15" r="9.5" fill="#fffdf5" />
      <text x="16" y="19.5" textAnchor="middle" fontSize="12" fontWeight="800" fill="#3c4642">
        {place}
      </text>
    </svg>
  );
}

/**
 * The board's top three on a podium: in the document (and for screen readers) first, second, third; on screen the
 * winner stands in the middle, second on the left and third on the right, on steps of falling height. Each place is
 * a `rank-row` like the rows below it (the same name cell, cut with an ellipsis, and the same score), so the caller's
 * own place is found the same way wherever it stands.
 */
export function Podium({
  entries,
  by,
  me,
}: {
  entries: readonly LeaderboardEntry[];
  by: LeaderboardKind;
  me: string | null;
}) {
  const t = useT();
  const top = entries.slice(0, podiumPlaces);
  if (top.length === 0) return null;
  return (
    <ol className="podium" aria-label={t("look.podium")} data-testid="podium">
      {top.map((entry, index) => {
        const isMe = entry.address === me;
        const name = entry.name ?? shortAddress(entry.address);
        return (
          <li
            key={entry.address}
            className={`rank-row podium__place podium__place--${index + 1}${isMe ? " rank-row--me" : ""}`}
            aria-current={isMe ? "true" : undefined}
            data-testid="podium-place"
            data-rank={entry.rank}
          >
            <span className="podium__figure">
              <Rosette place={entry.rank} />
              <AvatarBadge avatar={entry.avatar} size={index === 0 ? 52 : 40} />
            </span>
            <span className="visually-hidden">{t("look.podium.place", { rank: entry.rank })}</span>
            <RankName name={name} title={entry.name ?? entry.address}>
              {isMe && <span className="tag">{t("leaderboard.you")}</span>}
            </RankName>
            <RankScore entry={entry} by={by} />
            <VisitLink entry={entry} />
            <span className="podium__step" aria-hidden="true" />
          </li>
        );
      })}
    </ol>
  );
}
