import { type Dictionaries, type Dictionary, wordPack } from "@farm/ui";

/**
 * Texts of the admin's irreversible invoice decisions: approval offered or not, withdrawal, default, settlement, their
 * record; and why no decision is offered on the admin's own wallet or invoice.
 */
export const adminDecisionsEn: Dictionary = {
  "admin.ownWallet": "This is your own wallet: another admin decides on it.",
  "admin.ownInvoice": "This is your own invoice: another admin decides on it.",
  "admin.decision.reason": "Reason (kept in the decision history)",
  "admin.decision.failed":
    "Invoice #{id}: the transaction did not go through; nothing was decided or recorded.",
  "admin.decision.unrecorded": "Invoice #{id}: decided on chain, but not recorded yet.",
  "admin.decision.unrecordedExplain": "The transaction is on chain, but its record could not be saved:",
  "admin.decision.recordAgain": "Record it again",
  "admin.approval.blocked.fundingClosed":
    "Cannot be approved: its funding window has closed on chain. Reject it, or ask the farmer to submit it again.",
  "admin.approval.blocked.reservationAboveLimit":
    "Cannot be approved now: its yield is more than the vault may reserve for one invoice. Top up the vault first.",
  "admin.approval.blocked.paused": "Cannot be approved while the contracts are paused.",
  "admin.approval.blocked.aboveFeeCap":
    "Cannot be approved: its fee is above the cap as it stands now (it was submitted under a higher one). Reject it so the farmer can submit terms within the cap.",
  "admin.overdue.confirmQuestion":
    "Declare invoice #{id} {number} ({amount} GOLD, {repaid} GOLD repaid) in default? This cannot be undone: what the farmer pays from now on is recovered for the investors.",
  "admin.overdue.confirmMark": "Mark defaulted on chain",
  "admin.overdue.marked": "Invoice #{id} marked defaulted on chain.",
  "admin.defaulted.title": "Defaults awaiting settlement",
  "admin.defaulted.explain":
    "Settling closes a default's recovery: the holders can then claim their share of everything repaid, and the rest of the reserved yield returns to the vault.",
  "admin.defaulted.empty": "No default is waiting for settlement.",
  "admin.defaulted.repaidAtDefault": "Repaid when defaulted",
  "admin.defaulted.repaidSince": "Repaid since the default",
  "admin.defaulted.holdersShare": "Holders will share",
  "admin.defaulted.settle": "Settle default…",
  "admin.defaulted.confirmSettle": "Settle on chain",
  "admin.defaulted.confirmQuestion":
    "Settle the default of invoice #{id} {number} ({amount} GOLD)? The holders share {principal} GOLD of principal and {fee} GOLD of fee recovered; {released} GOLD of reserved yield returns to the vault. Later repayments no longer reach the holders. This cannot be undone.",
  "admin.defaulted.settling": "Settle #{id}",
  "admin.defaulted.settled": "Default of invoice #{id} settled: its holders can claim {total} GOLD.",
  "admin.defaulted.settleableFrom":
    "Settlement possible from {date}: until then the recovery window stays open and every repayment reaches the holders.",
  "admin.open.title": "Invoices open for funding",
  "admin.open.explain":
    "An approved invoice not yet fully funded can be withdrawn (the buyer disputed it, fraud found): it closes, its reserved yield returns to the vault, and every investor can take back what it invested.",
  "admin.open.empty": "No invoice is open for funding.",
  "admin.open.funded": "{funded} of {amount} GOLD funded",
  "admin.open.withdraw": "Withdraw…",
  "admin.open.confirmWithdraw": "Withdraw on chain",
  "admin.open.confirmQuestion":
    "Withdraw invoice #{id} {number} ({funded} of {amount} GOLD funded)? It closes for good; its investors can take back what they invested, and the reason is published on chain. This cannot be undone.",
  "admin.open.withdrawing": "Withdraw #{id}",
  "admin.open.withdrawn": "Invoice #{id} withdrawn on chain: its investors can take back what they invested.",
  "admin.invoiceHistory.withdraw": "Withdrew invoice #{id} ({number})",
  "admin.invoiceHistory.default": "Declared invoice #{id} ({number}) defaulted",
  "admin.invoiceHistory.settle": "Settled the default of invoice #{id} ({number})",
  "admin.invoiceHistory.chainStatus": "now {status} on chain",
  "admin.chainStatus.pending": "pending",
  "admin.chainStatus.approved": "open for funding",
  "admin.chainStatus.rejected": "rejected",
  "admin.chainStatus.funded": "funded",
  "admin.chainStatus.repaid": "repaid",
  "admin.chainStatus.cancelled": "cancelled",
  "admin.chainStatus.defaulted": "defaulted",
  "admin.chainStatus.settled": "settled",
};

export const adminDecisionsId: Dictionary = {
  "admin.ownWallet": "Ini dompet Anda sendiri: admin lain yang memutuskannya.",
  "admin.ownInvoice": "Ini faktur Anda sendiri: admin lain yang memutuskannya.",
  "admin.decision.reason": "Alasan (disimpan di riwayat keputusan)",
  "admin.decision.failed": "Faktur #{id}: transaksi tidak berhasil; tidak ada yang diputuskan atau dicatat.",
  "admin.decision.unrecorded": "Faktur #{id}: sudah diputuskan di chain, tetapi belum tercatat.",
  "admin.decision.unrecordedExplain": "Transaksi sudah ada di chain, tetapi catatannya tidak dapat disimpan:",
  "admin.decision.recordAgain": "Catat lagi",
  "admin.approval.blocked.fundingClosed":
    "Tidak dapat disetujui: masa pendanaannya sudah ditutup di chain. Tolak, atau minta petani mengajukannya lagi.",
  "admin.approval.blocked.reservationAboveLimit":
    "Belum dapat disetujui: imbal hasilnya melebihi yang boleh dicadangkan vault untuk satu faktur. Tambah dana vault dulu.",
  "admin.approval.blocked.paused": "Tidak dapat disetujui selama kontrak dijeda.",
  "admin.approval.blocked.aboveFeeCap":
    "Tidak dapat disetujui: biayanya melebihi batas yang berlaku sekarang (diajukan saat batasnya lebih tinggi). Tolak agar petani dapat mengajukan syarat dalam batas.",
  "admin.overdue.confirmQuestion":
    "Nyatakan faktur #{id} {number} ({amount} GOLD, {repaid} GOLD sudah dibayar) gagal bayar? Ini tidak dapat dibatalkan: pembayaran petani selanjutnya dipulihkan untuk para investor.",
  "admin.overdue.confirmMark": "Tandai gagal bayar di chain",
  "admin.overdue.marked": "Faktur #{id} ditandai gagal bayar di chain.",
  "admin.defaulted.title": "Gagal bayar menunggu penyelesaian",
  "admin.defaulted.explain":
    "Penyelesaian menutup pemulihan gagal bayar: pemegang dapat mengklaim bagiannya dari semua yang sudah dibayar, dan sisa imbal hasil yang dicadangkan kembali ke vault.",
  "admin.defaulted.empty": "Tidak ada gagal bayar yang menunggu penyelesaian.",
  "admin.defaulted.repaidAtDefault": "Dibayar saat gagal bayar",
  "admin.defaulted.repaidSince": "Dibayar sejak gagal bayar",
  "admin.defaulted.holdersShare": "Dibagi kepada pemegang",
  "admin.defaulted.settle": "Selesaikan gagal bayar…",
  "admin.defaulted.confirmSettle": "Selesaikan di chain",
  "admin.defaulted.confirmQuestion":
    "Selesaikan gagal bayar faktur #{id} {number} ({amount} GOLD)? Pemegang berbagi {principal} GOLD pokok dan {fee} GOLD biaya yang dipulihkan; {released} GOLD imbal hasil yang dicadangkan kembali ke vault. Pembayaran setelahnya tidak lagi sampai ke pemegang. Ini tidak dapat dibatalkan.",
  "admin.defaulted.settling": "Selesaikan #{id}",
  "admin.defaulted.settled":
    "Gagal bayar faktur #{id} diselesaikan: pemegangnya dapat mengklaim {total} GOLD.",
  "admin.defaulted.settleableFrom":
    "Dapat diselesaikan mulai {date}: sampai saat itu masa pemulihan tetap terbuka dan setiap pembayaran sampai ke pemegang.",
  "admin.open.title": "Faktur yang terbuka untuk pendanaan",
  "admin.open.explain":
    "Faktur yang disetujui tetapi belum terdanai penuh dapat ditarik (pembeli menyanggahnya, ditemukan kecurangan): faktur ditutup, imbal hasil yang dicadangkan kembali ke vault, dan setiap investor dapat mengambil kembali dananya.",
  "admin.open.empty": "Tidak ada faktur yang terbuka untuk pendanaan.",
  "admin.open.funded": "{funded} dari {amount} GOLD terdanai",
  "admin.open.withdraw": "Tarik…",
  "admin.open.confirmWithdraw": "Tarik di chain",
  "admin.open.confirmQuestion":
    "Tarik faktur #{id} {number} ({funded} dari {amount} GOLD terdanai)? Faktur ditutup selamanya; investornya dapat mengambil kembali dananya, dan alasannya diterbitkan di chain. Ini tidak dapat dibatalkan.",
  "admin.open.withdrawing": "Tarik #{id}",
  "admin.open.withdrawn": "Faktur #{id} ditarik di chain: investornya dapat mengambil kembali dananya.",
  "admin.invoiceHistory.withdraw": "Menarik faktur #{id} ({number})",
  "admin.invoiceHistory.default": "Menyatakan faktur #{id} ({number}) gagal bayar",
  "admin.invoiceHistory.settle": "Menyelesaikan gagal bayar faktur #{id} ({number})",
  "admin.invoiceHistory.chainStatus": "kini {status} di chain",
  "admin.chainStatus.pending": "menunggu tinjauan",
  "admin.chainStatus.approved": "terbuka untuk pendanaan",
  "admin.chainStatus.rejected": "ditolak",
  "admin.chainStatus.funded": "terdanai",
  "admin.chainStatus.repaid": "lunas",
  "admin.chainStatus.cancelled": "dibatalkan",
  "admin.chainStatus.defaulted": "gagal bayar",
  "admin.chainStatus.settled": "diselesaikan",
};

/** The words of the admin's invoice decisions: loaded with the routes that use them, not with the first page. */
export const adminDecisionWords: Dictionaries = wordPack({ en: adminDecisionsEn, id: adminDecisionsId });
