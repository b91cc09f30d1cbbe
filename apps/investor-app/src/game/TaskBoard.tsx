import type { GameState } from "@farm/core";
import { useI18n, useT } from "@farm/ui";
import { Link } from "react-router";
import { choreLabel, questLabel, taskPlace } from "./quest-label";

type Task = GameState["quests"][number] | GameState["chores"][number];

/** One quest or chore: what to do (a link to where it is done), its progress bar and count, and its XP. */
function TaskItem({ task, label, xp, testId }: { task: Task; label: string; xp: number; testId: string }) {
  const t = useT();
  const place = task.completed ? null : taskPlace(task.kind);
  return (
    <li
      className={task.completed ? "quest quest--done" : "quest"}
      data-testid={testId}
      data-quest={task.id}
      data-progress={task.progress}
      data-done={task.completed ? "yes" : "no"}
    >
      {place ? (
        <Link className="quest__link" to={place}>
          {label}
        </Link>
      ) : (
        <span className="quest__link">{label}</span>
      )}
      <span className="quest__bar" aria-hidden="true">
        <span style={{ width: `${(100 * task.progress) / task.target}%` }} />
      </span>
      <span className="small">
        {t("quests.progress", { progress: task.progress, target: task.target })} · {t("tasks.xp", { xp })}
      </span>
    </li>
  );
}

const formatUtc = (language: string, at: string, style: Intl.DateTimeFormatOptions) =>
  `${new Intl.DateTimeFormat(language, { ...style, timeZone: "UTC" }).format(new Date(at))} UTC`;

/** Today's quests: drawn for what this player can do today, each linking where it is done. */
export function QuestList({ state }: { state: GameState }) {
  const t = useT();
  const { language } = useI18n();
  return (
    <section aria-labelledby="quests-title">
      <h3 id="quests-title">{t("quests.title")}</h3>
      {state.quests.length === 0 && <p className="muted small">{t("quests.empty")}</p>}
      <ul className="quest-list">
        {state.quests.map((quest) => (
          <TaskItem
            key={quest.id}
            task={quest}
            label={questLabel(t, quest.id)}
            xp={state.taskXp.perQuest}
            testId="quest"
          />
        ))}
      </ul>
      <p className="muted small">
        {t("quests.newAt", { when: formatUtc(language, state.nextDayAt, { timeStyle: "short" }) })}
      </p>
    </section>
  );
}

/** The week's chore board (the season's ISO week), and what quests and chores gave within their caps. */
export function ChoreBoard({ state }: { state: GameState }) {
  const t = useT();
  const { language } = useI18n();
  const xp = state.taskXp;
  return (
    <section aria-labelledby="chores-title" data-testid="chore-board">
      <h3 id="chores-title">{t("chores.title")}</h3>
      <ul className="quest-list">
        {state.chores.map((chore) => (
          <TaskItem
            key={chore.id}
            task={chore}
            label={choreLabel(t, chore.id)}
            xp={xp.perChore}
            testId="chore"
          />
        ))}
      </ul>
      <p className="muted small">
        {t("chores.newAt", {
          when: formatUtc(language, state.season.endsAt, { dateStyle: "medium", timeStyle: "short" }),
        })}
      </p>
      <p className="small" data-testid="task-xp">
        {t("tasks.today", {
          xp: xp.questsToday,
          cap: xp.dailyQuestCap,
          weekXp: xp.choresThisWeek,
          weekCap: xp.weeklyChoreCap,
        })}
      </p>
      <p className="muted small">
        {t("tasks.rule", {
          quest: xp.perQuest,
          dayCap: xp.dailyQuestCap,
          chore: xp.perChore,
          weekCap: xp.weeklyChoreCap,
        })}
      </p>
    </section>
  );
}
