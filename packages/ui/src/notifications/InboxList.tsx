import { isNotificationKind, type NotificationItem, renderNotification } from "@farm/core";
import { Link } from "react-router";
import { useSession } from "../session/use-session";
import { useNotificationI18n } from "./notification-words";
import { useInbox, useMarkRead } from "./use-notifications";

/** Where an item leads in this app (`app` is the app the list is shown in); the other app's links stay plain. */
function ItemLink({
  item,
  app,
  label,
}: {
  item: NotificationItem;
  app: "portal" | "investor";
  label: string;
}) {
  const { language } = useNotificationI18n();
  const shown = renderNotification(item.kind, item.params, language);
  return shown.app === app ? <Link to={shown.link}>{label}</Link> : null;
}

/**
 * The signed-in wallet's inbox: newest first, unread marked, each linking to its thing; mark one or all read. Signed
 * out it says to sign in (its query never runs then, so waiting for it would show "Loading" for ever); the apps put
 * it behind their sign-in gate, which offers the way in.
 */
export function InboxList({ app }: { app: "portal" | "investor" }) {
  const { t, language } = useNotificationI18n();
  const { session, isLoading } = useSession();
  const inbox = useInbox();
  const markRead = useMarkRead();
  const signedOut = !isLoading && session == null;
  if (!inbox.data)
    return <p role="status">{inbox.isError || signedOut ? t("notify.signIn") : t("common.loading")}</p>;
  const items = inbox.data.items.filter((item) => isNotificationKind(item.kind));
  return (
    <section className="farm-inbox" aria-labelledby="inbox-title">
      <h1 id="inbox-title">{t("notify.inbox")}</h1>
      {inbox.data.unread > 0 && (
        <button type="button" onClick={() => markRead.mutate({ all: true })} disabled={markRead.isPending}>
          {t("notify.markAllRead")}
        </button>
      )}
      {items.length === 0 && <p>{t("notify.empty")}</p>}
      <ul className="farm-inbox__list">
        {items.map((item) => {
          const shown = renderNotification(item.kind, item.params, language);
          return (
            <li
              key={item.id}
              className={item.read ? "farm-inbox__item" : "farm-inbox__item farm-inbox__item--unread"}
            >
              <p className="farm-inbox__subject">
                {!item.read && <span className="farm-inbox__dot">{t("notify.unread")}: </span>}
                <strong>{shown.subject}</strong>
              </p>
              <p>{shown.body}</p>
              <p className="farm-inbox__meta">
                <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString(language)}</time>{" "}
                <ItemLink item={item} app={app} label={t("notify.open")} />{" "}
                {!item.read && (
                  <button type="button" onClick={() => markRead.mutate({ ids: [item.id] })}>
                    {t("notify.markRead")}
                  </button>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
