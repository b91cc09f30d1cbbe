import type { SeasonsResponse } from "@farm/core";
import { useI18n, useT } from "@farm/ui";
import { useSeasons } from "../game/use-game-state";
import { LeaderboardRow } from "./LeaderboardRow";

/** One season's top ten, in the same rows as the main board (the name gives way to the score). */
function Standing({ season, title }: { season: SeasonsResponse["current"]; title: string }) {
  return (
    <section aria-label={title} data-testid="season" data-season={season.id}>
      <h3>{title}</h3>
      <ol className="rank-list">
        {season.entries.map((entry) => (
          <LeaderboardRow key={entry.address} entry={entry} by="xp" isMe={false} />
        ))}
      </ol>
    </section>
  );
}

/** This week's season (XP gained since Monday 00:00 UTC) and the kept top ten of past weeks. */
export function SeasonBoard() {
  const t = useT();
  const { language } = useI18n();
  const seasons = useSeasons();
  if (!seasons.data) return null;
  const { current, past } = seasons.data;
  const ends = new Intl.DateTimeFormat(language, {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "UTC",
  }).format(new Date(current.endsAt));
  return (
    <section className="card season-board" aria-labelledby="season-title" data-testid="season-board">
      <h2 id="season-title">{t("seasons.title")}</h2>
      <p className="muted small">{t("seasons.ends", { when: `${ends} UTC` })}</p>
      {current.entries.length === 0 ? (
        <p className="muted">{t("seasons.empty")}</p>
      ) : (
        <Standing season={current} title={t("seasons.current", { id: current.id })} />
      )}
      {past.length > 0 && (
        <details>
          <summary>{t("seasons.past")}</summary>
          {past.map((season) => (
            <Standing key={season.id} season={season} title={season.id} />
          ))}
        </details>
      )}
    </section>
  );
}
