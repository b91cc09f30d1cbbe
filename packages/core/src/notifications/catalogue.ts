import { closingNotificationKinds } from "./closing-kinds";
import { shownParams } from "./format";
import { investorNotificationKinds } from "./investor-kinds";
import {
  kind,
  type NotificationApp,
  type NotificationKindInfo,
  type NotificationLanguage,
  type NotificationParams,
} from "./kind";

export { formatNotificationAmount, formatNotificationDate } from "./format";
export type {
  NotificationApp,
  NotificationAudience,
  NotificationKindInfo,
  NotificationLanguage,
  NotificationParams,
} from "./kind";
export { NOTIFICATION_LANGUAGES } from "./kind";

// Every kind of notification, who receives it, and its words in both languages: the backend renders e-mails from this
// table and both apps render their inboxes from it, so each sentence is written once.

export const notificationCatalogue = {
  address_verification: kind({
    audience: "any",
    app: "portal",
    link: "/email/verify/{token}",
    required: true,
    en: {
      subject: "Confirm your e-mail address for Farm",
      body: "Open this link to receive Farm notifications at this address. If you did not ask for them, ignore this message.",
    },
    id: {
      subject: "Konfirmasi alamat e-mail Anda untuk Farm",
      body: "Buka tautan ini untuk menerima notifikasi Farm di alamat ini. Jika Anda tidak memintanya, abaikan pesan ini.",
    },
  }),
  kyc_approved: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Your farm registration was approved",
      body: "You can now submit invoices for financing.",
    },
    id: {
      subject: "Pendaftaran lahan Anda disetujui",
      body: "Sekarang Anda dapat mengajukan faktur untuk dibiayai.",
    },
  }),
  kyc_rejected: kind({
    audience: "farmer",
    app: "portal",
    link: "/register-farm",
    // What was refused (`refusedItemsParam`) and the admin's reason, each only when there is one.
    en: {
      subject: "Your farm registration was not approved",
      body: "You can correct it and register again.[ Refused: {refused}.][ Reason: {reason}]",
    },
    id: {
      subject: "Pendaftaran lahan Anda tidak disetujui",
      body: "Anda dapat memperbaikinya dan mendaftar lagi.[ Ditolak: {refused}.][ Alasan: {reason}]",
    },
  }),
  invoice_approved: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: { subject: "Invoice #{tokenId} was approved", body: "Invoice #{tokenId} is now open to investors." },
    id: {
      subject: "Faktur #{tokenId} disetujui",
      body: "Faktur #{tokenId} sekarang terbuka untuk investor.",
    },
  }),
  invoice_rejected: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: { subject: "Invoice #{tokenId} was rejected", body: "Reason: {reason}" },
    id: { subject: "Faktur #{tokenId} ditolak", body: "Alasan: {reason}" },
  }),
  buyer_confirmed: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Your buyer confirmed invoice #{tokenId}",
      body: "Your buyer confirmed invoice #{tokenId}.",
    },
    id: {
      subject: "Pembeli Anda mengonfirmasi faktur #{tokenId}",
      body: "Pembeli Anda mengonfirmasi faktur #{tokenId}.",
    },
  }),
  buyer_disputed: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: { subject: "Your buyer disputed invoice #{tokenId}", body: "Your buyer's note: {note}" },
    id: { subject: "Pembeli Anda menyanggah faktur #{tokenId}", body: "Catatan pembeli Anda: {note}" },
  }),
  invoice_funded: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} is fully funded and paid out",
      body: "{amount} GOLD was paid to your wallet. Repay by {dueDate}.",
    },
    id: {
      subject: "Faktur #{tokenId} didanai penuh dan dibayarkan",
      body: "{amount} GOLD telah dibayarkan ke dompet Anda. Lunasi sebelum {dueDate}.",
    },
  }),
  repayment_received: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: { subject: "Repayment received for invoice #{tokenId}", body: "{amount} GOLD was received." },
    id: { subject: "Pembayaran diterima untuk faktur #{tokenId}", body: "{amount} GOLD telah diterima." },
  }),
  due_soon: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} is due in {days} days",
      body: "Repay invoice #{tokenId} by {dueDate}.",
    },
    id: {
      subject: "Faktur #{tokenId} jatuh tempo dalam {days} hari",
      body: "Lunasi faktur #{tokenId} sebelum {dueDate}.",
    },
  }),
  overdue: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} is overdue",
      body: "Invoice #{tokenId} was due on {dueDate}. Repay it before the grace period ends on {graceEnds}.",
    },
    id: {
      subject: "Faktur #{tokenId} terlambat",
      body: "Faktur #{tokenId} jatuh tempo pada {dueDate}. Lunasi sebelum masa tenggang berakhir pada {graceEnds}.",
    },
  }),
  late_fee_accruing: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "A late fee is accruing on invoice #{tokenId}",
      body: "Invoice #{tokenId} was due on {dueDate}. Since then what you owe grows by {amount} GOLD for each whole day until it is repaid or declared in default; the holders receive it. Repay invoice #{tokenId} to stop it.",
    },
    id: {
      subject: "Denda keterlambatan berjalan pada faktur #{tokenId}",
      body: "Faktur #{tokenId} jatuh tempo pada {dueDate}. Sejak itu utang Anda bertambah {amount} GOLD setiap hari penuh hingga dilunasi atau dinyatakan gagal bayar; pemegang bagian menerimanya. Lunasi faktur #{tokenId} untuk menghentikannya.",
    },
  }),
  default_declared: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} was declared in default",
      body: "Payments you make now are shared by its investors.",
    },
    id: {
      subject: "Faktur #{tokenId} dinyatakan gagal bayar",
      body: "Pembayaran yang Anda lakukan sekarang dibagikan kepada investornya.",
    },
  }),
  seed_funded: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: { subject: "Seed #{tokenId} is fully funded", body: "Your seed #{tokenId} is planted and growing." },
    id: {
      subject: "Benih #{tokenId} didanai penuh",
      body: "Benih #{tokenId} Anda telah ditanam dan tumbuh.",
    },
  }),
  listing_filled: kind({
    audience: "investor",
    app: "investor",
    link: "/market",
    en: {
      subject: "Your listing of seed #{tokenId} was filled",
      body: "A buyer bought shares of seed #{tokenId} from your listing: {amount} GOLD was paid to your wallet.",
    },
    id: {
      subject: "Penawaran jual benih #{tokenId} Anda terisi",
      body: "Seorang pembeli membeli saham benih #{tokenId} dari penawaran Anda: {amount} GOLD telah dibayarkan ke dompet Anda.",
    },
  }),
  harvest_ready: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: {
      subject: "Harvest ready: seed #{tokenId}",
      body: "Seed #{tokenId} was repaid. Harvest it in your garden.",
    },
    id: {
      subject: "Siap panen: benih #{tokenId}",
      body: "Benih #{tokenId} telah dilunasi. Panen di kebun Anda.",
    },
  }),
  holder_default_declared: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: {
      subject: "Seed #{tokenId} was declared in default",
      body: "Recoveries will be shared among its holders.",
    },
    id: {
      subject: "Benih #{tokenId} dinyatakan gagal bayar",
      body: "Pemulihan akan dibagikan kepada para pemegangnya.",
    },
  }),
  recovery_received: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: { subject: "A recovery was received on seed #{tokenId}", body: "{amount} GOLD was recovered." },
    id: { subject: "Pemulihan diterima pada benih #{tokenId}", body: "{amount} GOLD telah dipulihkan." },
  }),
  default_settled: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: {
      subject: "Seed #{tokenId} was settled",
      body: "Claim your share of the {amount} GOLD recovered in your garden.",
    },
    id: {
      subject: "Benih #{tokenId} telah diselesaikan",
      body: "Klaim bagian Anda dari {amount} GOLD yang dipulihkan di kebun Anda.",
    },
  }),
  refund_available: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: {
      subject: "A refund is available for seed #{tokenId}",
      body: "Funding closed before the target was met.",
    },
    id: {
      subject: "Pengembalian dana tersedia untuk benih #{tokenId}",
      body: "Pendanaan ditutup sebelum target tercapai.",
    },
  }),
  buyer_confirmation_request: kind({
    audience: "buyer",
    app: "portal",
    link: "/confirm/{token}",
    en: {
      subject: "Please confirm invoice {invoiceNumber} from {farm}",
      body: "{farm} asks you to confirm or dispute invoice {invoiceNumber}. The link is valid for 7 days.",
    },
    id: {
      subject: "Mohon konfirmasi faktur {invoiceNumber} dari {farm}",
      body: "{farm} meminta Anda mengonfirmasi atau menyanggah faktur {invoiceNumber}. Tautan berlaku 7 hari.",
    },
  }),
  buyer_due_reminder: kind({
    audience: "buyer",
    app: "portal",
    link: "/confirm/{token}",
    en: {
      subject: "Invoice {invoiceNumber} from {farm} is due in {days} days",
      body: "Invoice {invoiceNumber} is due on {dueDate}. You can repay it through this link.",
    },
    id: {
      subject: "Faktur {invoiceNumber} dari {farm} jatuh tempo dalam {days} hari",
      body: "Faktur {invoiceNumber} jatuh tempo pada {dueDate}. Anda dapat membayarnya melalui tautan ini.",
    },
  }),
  review_farmer: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: { subject: "New farmer to review: {farm}", body: "{farm} registered and waits for review." },
    id: {
      subject: "Petani baru untuk ditinjau: {farm}",
      body: "{farm} telah mendaftar dan menunggu peninjauan.",
    },
  }),
  invoice_submitted: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: { subject: "New invoice #{tokenId} to review", body: "{farm} submitted invoice #{tokenId}." },
    id: { subject: "Faktur baru #{tokenId} untuk ditinjau", body: "{farm} mengajukan faktur #{tokenId}." },
  }),
  invoice_disputed: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: { subject: "The buyer disputed invoice #{tokenId}", body: "The buyer's note: {note}" },
    id: { subject: "Pembeli menyanggah faktur #{tokenId}", body: "Catatan pembeli: {note}" },
  }),
  invoice_document_reused: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: {
      subject: "Invoice #{tokenId} carries another farmer's document",
      body: "Its document has the same fingerprint (SHA-256) as invoice {others} of another farmer. Check it before approving.",
    },
    id: {
      subject: "Faktur #{tokenId} memuat dokumen petani lain",
      body: "Dokumennya memiliki sidik jari (SHA-256) yang sama dengan faktur {others} milik petani lain. Periksa sebelum menyetujui.",
    },
  }),
  invoice_entering_grace: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: {
      subject: "Invoice #{tokenId} entered its grace period",
      body: "Invoice #{tokenId} was due on {dueDate}; its grace period ends on {graceEnds}.",
    },
    id: {
      subject: "Faktur #{tokenId} memasuki masa tenggang",
      body: "Faktur #{tokenId} jatuh tempo pada {dueDate}; masa tenggangnya berakhir pada {graceEnds}.",
    },
  }),
  ...investorNotificationKinds,
  ...closingNotificationKinds,
} as const satisfies Record<string, NotificationKindInfo>;

export type NotificationKind = keyof typeof notificationCatalogue;
export const NOTIFICATION_KINDS = Object.keys(notificationCatalogue) as [
  NotificationKind,
  ...NotificationKind[],
];

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.hasOwn(notificationCatalogue, value);
}

/**
 * Fills {name} with its value; an unknown name stays as written, so a missing value shows rather than vanishes. A
 * [part] shows only when each name in it has a value ("[ Reason: {reason}]" is left out without a reason).
 */
export function fillTemplate(template: string, params: NotificationParams): string {
  const given = (part: string) =>
    [...part.matchAll(/\{(\w+)\}/g)].every(([, name]) => (params[name!] ?? "") !== "");
  return template
    .replace(/\[([^\]]*)\]/g, (_, part: string) => (given(part) ? part : ""))
    .replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

export interface RenderedNotification {
  subject: string;
  body: string;
  app: NotificationApp;
  /** Path in the app (or the API, for verification), params filled. */
  link: string;
}

export function renderNotification(
  kindName: NotificationKind,
  params: NotificationParams,
  language: NotificationLanguage,
): RenderedNotification {
  const info: NotificationKindInfo = notificationCatalogue[kindName];
  const words = info[language];
  // English counts one day in the singular ("due in 1 day"); Indonesian "hari" has no plural.
  const counted = (text: string) =>
    language === "en" && params.days === "1" ? text.replace("{days} days", "{days} day") : text;
  const shown = shownParams(params, language);
  return {
    subject: fillTemplate(counted(words.subject), shown),
    body: fillTemplate(counted(words.body), shown),
    app: info.app,
    link: fillTemplate(info.link, params),
  };
}

/** Parameter names a notification may never carry: identity, tax and bank numbers stay out of every message. */
const FORBIDDEN_PARAMS = /nik|npwp|tax|bank|account/i;

export function assertSafeParams(params: NotificationParams): void {
  for (const name of Object.keys(params)) {
    if (FORBIDDEN_PARAMS.test(name)) throw new Error(`notification parameter ${name} is not allowed`);
  }
}
