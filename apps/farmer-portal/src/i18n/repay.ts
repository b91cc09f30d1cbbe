import type { Dictionaries } from "@farm/ui";

/**
 * Words of repaying an invoice and of what it ended with: a payment may be part of what is due, so only a payment
 * that clears everything is "repaid"/"dilunasi" (paid in full); a settled default says what was paid before it.
 */
export const repayWords: Dictionaries = {
  en: {
    "invoices.list.paidBeforeSettlement": "Paid before settlement",
    "invoices.list.leftUnpaid": "Principal and fee left unpaid",
    "confirm.repay.settled":
      "The invoice was not paid in full and its default is settled: it can no longer be paid here.",
  },
  id: {
    "invoices.list.paidBeforeSettlement": "Dibayar sebelum penyelesaian",
    "invoices.list.leftUnpaid": "Pokok dan biaya yang tidak dibayar",
    "confirm.repay.settled":
      "Faktur ini tidak dibayar penuh dan gagal bayarnya sudah diselesaikan: faktur tidak dapat dibayar lagi di sini.",
  },
};
