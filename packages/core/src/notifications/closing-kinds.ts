import { kind, type NotificationKindInfo } from "./kind";

/**
 * The notifications of an invoice that ends without being repaid in full, part of the one catalogue: its funding
 * closed unfilled (InvoiceCancelled), an admin withdrew it (InvoiceWithdrawn) or its default was settled
 * (DefaultSettled). The holders already hear of a closed funding (refund_available) and of a settlement
 * (default_settled); of a withdrawal they hear once, with the admin's reason, instead of refund_available.
 */
export const closingNotificationKinds = {
  funding_closed: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} closed without full funding",
      body: "Invoice #{tokenId} was not fully funded by its deadline. Its investors get their money back; nothing was paid to you and you owe nothing for it. You can submit a new invoice.",
    },
    id: {
      subject: "Faktur #{tokenId} ditutup tanpa pendanaan penuh",
      body: "Faktur #{tokenId} tidak didanai penuh sebelum batas waktunya. Investornya mendapatkan kembali dana mereka; tidak ada yang dibayarkan kepada Anda dan Anda tidak berutang apa pun untuknya. Anda dapat mengajukan faktur baru.",
    },
  }),
  invoice_withdrawn: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "Invoice #{tokenId} was withdrawn",
      body: "An admin withdrew invoice #{tokenId} before it was fully funded. Its investors get their money back; nothing was paid to you. Reason: {reason}",
    },
    id: {
      subject: "Faktur #{tokenId} ditarik",
      body: "Admin menarik faktur #{tokenId} sebelum didanai penuh. Investornya mendapatkan kembali dana mereka; tidak ada yang dibayarkan kepada Anda. Alasan: {reason}",
    },
  }),
  invoice_settled: kind({
    audience: "farmer",
    app: "portal",
    link: "/invoices",
    en: {
      subject: "The default of invoice #{tokenId} was settled",
      body: "The {amount} GOLD recovered on invoice #{tokenId} goes to its investors, and the platform takes no more payments for it.",
    },
    id: {
      subject: "Gagal bayar faktur #{tokenId} telah diselesaikan",
      body: "{amount} GOLD yang dipulihkan pada faktur #{tokenId} dibagikan kepada investornya, dan platform tidak lagi menerima pembayaran untuknya.",
    },
  }),
  holder_invoice_withdrawn: kind({
    audience: "investor",
    app: "investor",
    link: "/farm",
    en: {
      subject: "Seed #{tokenId} was withdrawn",
      body: "An admin withdrew seed #{tokenId} before it was fully funded; take your refund in your garden. Reason: {reason}",
    },
    id: {
      subject: "Benih #{tokenId} ditarik",
      body: "Admin menarik benih #{tokenId} sebelum didanai penuh; ambil pengembalian dana Anda di kebun Anda. Alasan: {reason}",
    },
  }),
} as const satisfies Record<string, NotificationKindInfo>;
