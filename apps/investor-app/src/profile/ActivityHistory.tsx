import type { ActivityItem } from "@farm/core";
import { formatDateTime, GoldAmount, useI18n, useT } from "@farm/ui";
import { ErrorNotice } from "../layout/ErrorNotice";
import { useActivityPages } from "./use-activity";

function ActivityLine({ item }: { item: ActivityItem }) {
  const t = useT();
  const { language } = useI18n();
  const when = formatDateTime(new Date(item.at), language);
  return (
    <li
      className="activity"
      data-testid="activity-item"
      data-kind={item.kind}
      data-token-id={item.tokenId ?? undefined}
      data-base-units={item.amount ?? undefined}
    >
      <span className="activity__what">
        {t(`activity.${item.kind}`, { tokenId: item.tokenId ?? "", level: item.level ?? "" })}
      </span>
      <span className="activity__amount">
        {item.amount !== null && <GoldAmount value={item.amount} />}
        {item.kind === "watered" && item.xp !== null && t("game.xpGained", { xp: item.xp })}
      </span>
      <time className="muted" dateTime={item.at}>
        {when}
      </time>
    </li>
  );
}

/** The signed-in wallet's history, newest first, with the whole of it downloadable as CSV. */
export function ActivityHistory() {
  const t = useT();
  const pages = useActivityPages();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="activity-title" className="card">
      <div className="card__head">
        <h2 id="activity-title">{t("profile.activity")}</h2>
        <a className="button button--quiet" href="/api/user/activity?format=csv" download="farm-activity.csv">
          {t("profile.exportCsv")}
        </a>
      </div>
      {pages.error && <ErrorNotice error={pages.error} />}
      {pages.isPending && <p role="status">{t("common.loading")}</p>}
      {pages.data && items.length === 0 && <p className="muted">{t("profile.activityEmpty")}</p>}
      <ul className="activity-list">
        {items.map((item) => (
          <ActivityLine key={item.id} item={item} />
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" className="button button--quiet" onClick={() => pages.fetchNextPage()}>
          {t("profile.moreActivity")}
        </button>
      )}
    </section>
  );
}
