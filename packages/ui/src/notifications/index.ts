export { DeadNotifications } from "./DeadNotifications";
export { InboxList } from "./InboxList";
export { NotificationBell } from "./NotificationBell";
export { NotificationSettings } from "./NotificationSettings";
export { notificationWords } from "./notification-words";
