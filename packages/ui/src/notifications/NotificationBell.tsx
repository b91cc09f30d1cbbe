import { NavLink } from "react-router";
import { useNotificationI18n } from "./notification-words";
import { useUnreadCount } from "./use-notifications";

/** The header's link to the inbox with the unread count; nothing while signed out. */
export function NotificationBell() {
  const { t } = useNotificationI18n();
  const unread = useUnreadCount();
  if (!unread.data) return null;
  const count = unread.data.unread;
  return (
    <NavLink
      to="/inbox"
      className="farm-bell"
      aria-label={count > 0 ? t("notify.bellUnread", { count }) : t("notify.bell")}
      data-testid="notification-bell"
    >
      <span aria-hidden="true">🔔</span>
      {count > 0 && (
        <span className="farm-bell__count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  );
}
