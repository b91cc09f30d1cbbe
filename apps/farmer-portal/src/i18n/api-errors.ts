import type { Dictionaries } from "@farm/ui";

/** API errors of the evidence screens: in the app's words, since an error can show on any page. */
export const evidenceErrors: Dictionaries = {
  en: {
    "invoices.field.buyerContact": "Buyer's e-mail or phone",
    "invoices.hint.buyerContact": "Only you and the admins see it; investors never do.",
    "invoices.error.buyerContact": "Please enter an e-mail address or a phone number such as 0812 3456 7890.",
    "api.LINK_ALREADY_USED": "This link was already used to answer.",
    "api.LINK_EXPIRED": "This link has expired. Ask the farmer for a new one.",
    "api.LINK_REPLACED": "This link was replaced by a newer one.",
    "api.INVALID_SIGNATURE": "The wallet signature does not match this invoice.",
    "api.APPROVAL_REASON_REQUIRED": "Give a reason to approve without the buyer's confirmation.",
    "api.BUYER_ALREADY_ANSWERED": "The buyer has already answered for this invoice.",
    "api.INVOICE_NOT_PENDING": "This invoice was already decided.",
  },
  id: {
    "invoices.field.buyerContact": "E-mail atau telepon pembeli",
    "invoices.hint.buyerContact": "Hanya Anda dan admin yang melihatnya; investor tidak pernah.",
    "invoices.error.buyerContact": "Masukkan alamat e-mail atau nomor telepon seperti 0812 3456 7890.",
    "api.LINK_ALREADY_USED": "Tautan ini sudah dipakai untuk menjawab.",
    "api.LINK_EXPIRED": "Tautan ini sudah kedaluwarsa. Minta tautan baru kepada petani.",
    "api.LINK_REPLACED": "Tautan ini diganti dengan yang lebih baru.",
    "api.INVALID_SIGNATURE": "Tanda tangan dompet tidak cocok dengan faktur ini.",
    "api.APPROVAL_REASON_REQUIRED": "Beri alasan untuk menyetujui tanpa konfirmasi pembeli.",
    "api.BUYER_ALREADY_ANSWERED": "Pembeli sudah menjawab untuk faktur ini.",
    "api.INVOICE_NOT_PENDING": "Faktur ini sudah diputuskan.",
  },
};

/** API errors of the admin's decisions: in the app's words, since an error can show on any page. */
export const adminDecisionErrors: Dictionaries = {
  en: {
    "api.FUNDING_CLOSED": "The funding window of this invoice had closed: the chain refused the approval.",
    "api.DECISION_TX_MISMATCH": "That transaction does not make this decision on this invoice.",
    "api.DECISION_ALREADY_RECORDED": "This decision is already recorded.",
    "api.TRANSACTION_REVERTED": "The transaction failed on chain: nothing was decided.",
    "api.TRANSACTION_PENDING": "The transaction is not mined yet; try again in a moment.",
  },
  id: {
    "api.FUNDING_CLOSED": "Masa pendanaan faktur ini sudah ditutup: chain menolak persetujuannya.",
    "api.DECISION_TX_MISMATCH": "Transaksi itu tidak membuat keputusan ini pada faktur ini.",
    "api.DECISION_ALREADY_RECORDED": "Keputusan ini sudah tercatat.",
    "api.TRANSACTION_REVERTED": "Transaksi gagal di chain: tidak ada yang diputuskan.",
    "api.TRANSACTION_PENDING": "Transaksi belum ditambang; coba lagi sebentar lagi.",
  },
};
