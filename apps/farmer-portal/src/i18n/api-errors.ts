import type { Dictionaries } from "@farm/ui";

/** API errors of the evidence screens: in the app's words, since an error can show on any page. */
export const evidenceErrors: Dictionaries = {
  en: {
    "invoices.field.buyerContact": "Buyer's e-mail or phone",
    "invoices.hint.buyerContact":
      "The platform e-mails the buyer a confirmation link here. Only you and the admins see the address; investors never do.",
    "invoices.hint.buyerContactPhone":
      "A phone number cannot receive the buyer's confirmation link (e-mail only, no text messages yet): give the buyer's e-mail address, or the invoice stays unconfirmed.",
    "invoices.hint.buyerContactFreeMail":
      "{domain} is a free e-mail provider: a confirmation from it counts as weaker than one from the buyer's company domain.",
    "invoices.error.buyerContact": "Please enter an e-mail address or a phone number such as 0812 3456 7890.",
    "api.LINK_ALREADY_USED": "This link was already used to answer.",
    "api.LINK_EXPIRED": "This link has expired. Ask the farmer to have a new one e-mailed to you.",
    "api.LINK_REPLACED": "This link was replaced by a newer one.",
    "api.INVALID_SIGNATURE": "The wallet signature does not match this invoice.",
    "api.SIGNER_NOT_BUYER":
      "This wallet belongs to the farmer or the platform: only the buyer's own wallet may sign.",
    "api.BUYER_CONTACT_NOT_EMAIL":
      "The buyer's contact is not an e-mail address: links are sent by e-mail only.",
    "api.APPROVAL_REASON_REQUIRED": "Give a reason to approve without the buyer's confirmation.",
    "api.BUYER_ALREADY_ANSWERED": "The buyer has already answered for this invoice.",
    "api.INVOICE_NOT_PENDING": "This invoice was already decided.",
  },
  id: {
    "invoices.field.buyerContact": "E-mail atau telepon pembeli",
    "invoices.hint.buyerContact":
      "Platform mengirim tautan konfirmasi ke alamat ini. Hanya Anda dan admin yang melihatnya; investor tidak pernah.",
    "invoices.hint.buyerContactPhone":
      "Nomor telepon tidak dapat menerima tautan konfirmasi pembeli (hanya e-mail, belum ada SMS): isi alamat e-mail pembeli, atau faktur tetap belum dikonfirmasi.",
    "invoices.hint.buyerContactFreeMail":
      "{domain} adalah penyedia e-mail gratis: konfirmasi dari alamat ini dianggap lebih lemah daripada dari domain perusahaan pembeli.",
    "invoices.error.buyerContact": "Masukkan alamat e-mail atau nomor telepon seperti 0812 3456 7890.",
    "api.LINK_ALREADY_USED": "Tautan ini sudah dipakai untuk menjawab.",
    "api.LINK_EXPIRED": "Tautan ini sudah kedaluwarsa. Minta petani agar tautan baru dikirim ke e-mail Anda.",
    "api.LINK_REPLACED": "Tautan ini diganti dengan yang lebih baru.",
    "api.INVALID_SIGNATURE": "Tanda tangan dompet tidak cocok dengan faktur ini.",
    "api.SIGNER_NOT_BUYER":
      "Dompet ini milik petani atau platform: hanya dompet pembeli sendiri yang boleh menandatangani.",
    "api.BUYER_CONTACT_NOT_EMAIL": "Kontak pembeli bukan alamat e-mail: tautan hanya dikirim lewat e-mail.",
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
