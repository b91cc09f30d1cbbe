import { useI18n } from "../i18n/I18nProvider";
import type { Dictionaries } from "../i18n/types";
import { wordPack } from "../i18n/word-packs";

/**
 * Words of the bell, the inbox and the notification settings both apps share (the messages themselves come from core's
 * catalogue): a word pack each of those components registers (`wordPack`), so a signed-out first page carries none.
 */
export const notificationWords: Dictionaries = {
  en: {
    "notify.bell": "Notifications",
    "notify.bellUnread.one": "Notifications, {count} unread",
    "notify.bellUnread.other": "Notifications, {count} unread",
    "notify.inbox": "Inbox",
    "notify.empty": "Nothing yet. We will tell you here when something happens.",
    "notify.markRead": "Mark read",
    "notify.markAllRead": "Mark all read",
    "notify.unread": "Unread",
    "notify.open": "Open",
    "notify.signIn": "Sign in to see your notifications.",
    "notify.settings": "E-mail notifications",
    "notify.settingsHint": "Everything always appears in your inbox. Choose what is also sent by e-mail.",
    "notify.email": "E-mail address",
    "notify.emailVerified": "Verified",
    "notify.emailUnverified": "We sent a link to this address. Open it to start receiving e-mail.",
    "notify.language": "Language of e-mails",
    "notify.kindByEmail": "By e-mail",
    "notify.saved": "Saved.",
    "notify.dead": "E-mails not delivered",
    "notify.deadEmpty": "Every e-mail was delivered.",
    "notify.retry": "Send again",
    "notify.attempts": "{count} attempts, last error: {error}",
  },
  id: {
    "notify.bell": "Notifikasi",
    "notify.bellUnread.one": "Notifikasi, {count} belum dibaca",
    "notify.bellUnread.other": "Notifikasi, {count} belum dibaca",
    "notify.inbox": "Kotak masuk",
    "notify.empty": "Belum ada apa-apa. Kami akan memberi tahu Anda di sini jika ada sesuatu.",
    "notify.markRead": "Tandai dibaca",
    "notify.markAllRead": "Tandai semua dibaca",
    "notify.unread": "Belum dibaca",
    "notify.open": "Buka",
    "notify.signIn": "Masuk untuk melihat notifikasi Anda.",
    "notify.settings": "Notifikasi e-mail",
    "notify.settingsHint":
      "Semuanya selalu muncul di kotak masuk Anda. Pilih apa yang juga dikirim lewat e-mail.",
    "notify.email": "Alamat e-mail",
    "notify.emailVerified": "Terverifikasi",
    "notify.emailUnverified":
      "Kami mengirim tautan ke alamat ini. Buka tautan itu untuk mulai menerima e-mail.",
    "notify.language": "Bahasa e-mail",
    "notify.kindByEmail": "Lewat e-mail",
    "notify.saved": "Tersimpan.",
    "notify.dead": "E-mail yang tidak terkirim",
    "notify.deadEmpty": "Semua e-mail telah terkirim.",
    "notify.retry": "Kirim lagi",
    "notify.attempts": "{count} percobaan, galat terakhir: {error}",
  },
};

/** `useI18n` for the notification components: registers their words first. */
export function useNotificationI18n() {
  wordPack(notificationWords);
  return useI18n();
}
