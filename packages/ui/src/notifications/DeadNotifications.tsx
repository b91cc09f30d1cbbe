import { isNotificationKind, renderNotification } from "@farm/core";
import { useNotificationI18n } from "./notification-words";
import { useDeadNotifications, useRetryDead } from "./use-notifications";

/** The admin's list of e-mails that ran out of attempts (what and why, never to whom), each with a retry. */
export function DeadNotifications({ enabled }: { enabled: boolean }) {
  const { t, language } = useNotificationI18n();
  const dead = useDeadNotifications(enabled);
  const retry = useRetryDead();
  if (!dead.data) return null;
  return (
    <section aria-labelledby="dead-notifications-title">
      <h2 id="dead-notifications-title">{t("notify.dead")}</h2>
      {dead.data.items.length === 0 && <p>{t("notify.deadEmpty")}</p>}
      <ul>
        {dead.data.items.map((item) => (
          <li key={item.id}>
            {isNotificationKind(item.kind) ? renderNotification(item.kind, {}, language).subject : item.kind}{" "}
            · {t("notify.attempts", { count: item.attempts, error: item.lastError ?? "" })}{" "}
            <button type="button" onClick={() => retry.mutate(item.id)} disabled={retry.isPending}>
              {t("notify.retry")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
