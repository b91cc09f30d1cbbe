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
      {/* Drawn, not the bell emoji: a phone or browser without an emoji font showed an empty box. */}
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M18 16v-5a6 6 0 0 0-12 0v5l-2 2h16zM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className="farm-bell__count" aria-hidden="true">
          {count}
        </span>
      )}
    </NavLink>
  );
}
