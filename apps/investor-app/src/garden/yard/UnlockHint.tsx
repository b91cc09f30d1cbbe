import type { Garden } from "@farm/core";
import { useT } from "@farm/ui";

type Rule = Garden["catalog"][number]["unlock"];

/** How a locked decoration unlocks, in words, with how far the player is where the rule counts something. */
export function UnlockHint({ rule, progress }: { rule: Rule; progress: Garden["progress"] }) {
  const t = useT();
  switch (rule.kind) {
    case "level":
      return <>{t("unlock.level", { level: rule.level, current: progress.level })}</>;
    case "achievement":
      return <>{t("unlock.achievement", { name: t(`achievement.${rule.achievement}`) })}</>;
    case "questDays":
      return <>{t("unlock.questDays", { days: rule.days, current: progress.questDays })}</>;
    case "seasonPass":
      return <>{t("unlock.seasonPass", { tier: rule.tier, theme: t(`theme.${rule.theme}`) })}</>;
  }
}
