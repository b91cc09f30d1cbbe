import { kind, type NotificationKindInfo } from "./kind";

/** The notifications of investor verification and credentials (issue 29), part of the one catalogue. */
export const investorNotificationKinds = {
  review_investor: kind({
    audience: "admin",
    app: "portal",
    link: "/admin",
    en: { subject: "New investor to review", body: "An investor asked for verification." },
    id: { subject: "Investor baru untuk ditinjau", body: "Seorang investor meminta verifikasi." },
  }),
  investor_approved: kind({
    audience: "investor",
    app: "investor",
    link: "/verify",
    en: {
      subject: "Your investor verification was approved",
      body: "You may hold up to {amount} GOLD of outstanding principal until {date}. Accept the risk statement before your first purchase.",
    },
    id: {
      subject: "Verifikasi investor Anda disetujui",
      body: "Anda dapat memegang pokok berjalan hingga {amount} GOLD sampai {date}. Setujui pernyataan risiko sebelum pembelian pertama Anda.",
    },
  }),
  investor_rejected: kind({
    audience: "investor",
    app: "investor",
    link: "/verify",
    en: {
      subject: "Your investor verification was not approved",
      body: "Reason: {reason}. You can correct it and send your verification again.",
    },
    id: {
      subject: "Verifikasi investor Anda tidak disetujui",
      body: "Alasan: {reason}. Anda dapat memperbaikinya dan mengirim verifikasi lagi.",
    },
  }),
  credential_expiring: kind({
    audience: "investor",
    app: "investor",
    link: "/verify",
    en: {
      subject: "Your verification expires on {date}",
      body: "In {days} days you can no longer buy or receive shares. Send your verification again to renew it.",
    },
    id: {
      subject: "Verifikasi Anda berakhir pada {date}",
      body: "Dalam {days} hari Anda tidak dapat lagi membeli atau menerima bagian. Kirim verifikasi lagi untuk memperbaruinya.",
    },
  }),
  credential_frozen: kind({
    audience: "investor",
    app: "investor",
    link: "/verify",
    en: {
      subject: "Your investor account was frozen",
      body: "Reason: {reason}. You cannot buy, send or receive shares until it is lifted; harvests and refunds still work. Contact support.",
    },
    id: {
      subject: "Akun investor Anda dibekukan",
      body: "Alasan: {reason}. Anda tidak dapat membeli, mengirim, atau menerima bagian sampai dicabut; panen dan pengembalian dana tetap berjalan. Hubungi dukungan.",
    },
  }),
  credential_unfrozen: kind({
    audience: "investor",
    app: "investor",
    link: "/verify",
    en: {
      subject: "Your investor account was unfrozen",
      body: "You can buy, send and receive shares again within your limit.",
    },
    id: {
      subject: "Pembekuan akun investor Anda dicabut",
      body: "Anda dapat kembali membeli, mengirim, dan menerima bagian dalam batas Anda.",
    },
  }),
} as const satisfies Record<string, NotificationKindInfo>;
