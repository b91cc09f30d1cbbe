import type { Dictionaries } from "@farm/ui";

/**
 * Words of repaying an invoice and of what it ended with: a payment may be part of what is due, so only a payment
 * that clears everything is "repaid"/"dilunasi" (paid in full); a settled default says what was paid before it.
 */
export const repayWords: Dictionaries = {
  en: {
    "invoices.repay.principalAndFee": "Principal and fee unpaid",
    "invoices.repay.lateFee": "Late fee so far",
    "invoices.repay.lateFeeFixed": "Late fee fixed at the default",
    "invoices.repay.lateFeePerDay": "Each further day adds",
    "invoices.repay.lateFeeRule":
      "Past maturity a late fee grows each whole day at the invoice's daily rate on the principal and fee still unpaid (at most the principal): paying part lowers it.",
    "invoices.repay.defaultableFrom": "May be declared in default from {date}.",
    "invoices.list.paidBeforeSettlement": "Paid before settlement",
    "invoices.list.leftUnpaid": "Principal and fee left unpaid",
    "confirm.repay.settled":
      "The invoice was not paid in full and its default is settled: it can no longer be paid here.",
  },
  id: {
    "invoices.repay.principalAndFee": "Pokok dan biaya belum dibayar",
    "invoices.repay.lateFee": "Denda keterlambatan sejauh ini",
    "invoices.repay.lateFeeFixed": "Denda keterlambatan yang ditetapkan saat gagal bayar",
    "invoices.repay.lateFeePerDay": "Setiap hari berikutnya menambah",
    "invoices.repay.lateFeeRule":
      "Setelah jatuh tempo, denda bertambah setiap hari penuh dengan tarif harian faktur atas pokok dan biaya yang belum dibayar (paling banyak pokoknya): membayar sebagian menurunkannya.",
    "invoices.repay.defaultableFrom": "Dapat dinyatakan gagal bayar mulai {date}.",
    "invoices.list.paidBeforeSettlement": "Dibayar sebelum penyelesaian",
    "invoices.list.leftUnpaid": "Pokok dan biaya yang tidak dibayar",
    "confirm.repay.settled":
      "Faktur ini tidak dibayar penuh dan gagal bayarnya sudah diselesaikan: faktur tidak dapat dibayar lagi di sini.",
  },
};
