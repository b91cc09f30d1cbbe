import type { GameState } from "@farm/core";
import { useFormat, useT } from "@farm/ui";
import { ChoreBoard, QuestList } from "./TaskBoard";
import { useGameState } from "./use-game-state";

function Streak({ state }: { state: GameState }) {
  const t = useT();
  return (
    <div className="streak" data-testid="streak" data-streak={state.streak.current}>
      <span className="streak__flame">
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
          <path d="M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 2-5 3-6 0 2 1 3 2 3 0-4-1-6 1-9z" fill="#f2b700" />
          <path d="M12 12c1 2 3 3 3 5a3 3 0 0 1-6 0c0-1 1-2 1-3 0 1 1 1 1 1 0-1 0-2 1-3z" fill="#d9485f" />
        </svg>
      </span>
      <div>
        <strong>{t("streak.days", { days: state.streak.current })}</strong>
        <p className="muted small">
          {state.streak.wateredToday ? t("streak.done") : t("streak.keep")} ·{" "}
          {t("streak.best", { count: state.streak.best })}
        </p>
      </div>
    </div>
  );
}

function Achievements({ state }: { state: GameState }) {
  const t = useT();
  return (
    <section aria-labelledby="achievements-title">
      <h3 id="achievements-title">{t("achievements.title")}</h3>
      <ul className="badge-list">
        {state.achievements.map((achievement) => (
          <li
            key={achievement.id}
            className={achievement.unlockedAt ? "badge badge--on" : "badge"}
            data-testid="achievement"
            data-unlocked={achievement.unlockedAt ? "yes" : "no"}
            title={achievement.unlockedAt ? undefined : t("achievements.locked")}
          >
            <span className="badge__medal" aria-hidden="true" />
            <span className="small">{t(`achievement.${achievement.id}`)}</span>
            {!achievement.unlockedAt && (
              <span className="muted small">
                {achievement.value}/{achievement.threshold}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Reasons to come back: streak, today's quests, the week's chores, achievements, next decoration; none of it money. */
export function GameStatePanel({ compact = false }: { compact?: boolean }) {
  const t = useT();
  const format = useFormat();
  const state = useGameState();
  if (!state.data) return null;
  const next = state.data.cosmetics.next;
  return (
    <section className="card game-panel" aria-label={t("quests.title")} data-testid="game-panel">
      <Streak state={state.data} />
      <QuestList state={state.data} />
      {!compact && (
        <>
          <ChoreBoard state={state.data} />
          <Achievements state={state.data} />
          <p className="small">
            {next
              ? t("cosmetics.next", { level: next.level, name: t(`cosmetic.${next.id}`) })
              : t("cosmetics.all")}
          </p>
          <p className="muted small">
            {t("game.xpRule", {
              min: format.gold(BigInt(state.data.rules.plantingXpMinimum)),
              count: state.data.rules.plantingXpPerDay,
            })}
          </p>
        </>
      )}
      <p className="note small" data-testid="never-money">
        {t("game.neverMoney")}
      </p>
    </section>
  );
}
