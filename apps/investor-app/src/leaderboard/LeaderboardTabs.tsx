import { type LeaderboardKind, leaderboardKinds } from "@farm/core";
import { useT } from "@farm/ui";
import { type KeyboardEvent, useRef } from "react";

/** WAI-ARIA tabs: arrow keys move between rankings, only the selected tab is in the tab order. */
export function LeaderboardTabs({
  selected,
  onSelect,
  panelId,
}: {
  selected: LeaderboardKind;
  onSelect: (kind: LeaderboardKind) => void;
  panelId: string;
}) {
  const t = useT();
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const index = leaderboardKinds.indexOf(selected);
    const next = leaderboardKinds[(index + step + leaderboardKinds.length) % leaderboardKinds.length]!;
    onSelect(next);
    tabs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={t("leaderboard.tabs")} className="tabs" onKeyDown={onKeyDown}>
      {leaderboardKinds.map((kind) => (
        <button
          key={kind}
          ref={(element) => {
            tabs.current[kind] = element;
          }}
          type="button"
          role="tab"
          id={`tab-${kind}`}
          aria-selected={kind === selected}
          aria-controls={panelId}
          tabIndex={kind === selected ? 0 : -1}
          onClick={() => onSelect(kind)}
        >
          {t(`leaderboard.by.${kind}`)}
        </button>
      ))}
    </div>
  );
}
