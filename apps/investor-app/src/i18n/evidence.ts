import type { Dictionary } from "@farm/ui";

/** Texts of the evidence badges in the shop and the crop detail. */
export const evidenceEn: Dictionary = {
  "evidence.title": "What was checked",
  "evidence.invoiceVerified": "Invoice verified",
  "evidence.deliveryProven": "Delivery proven",
  "evidence.buyerConfirmed": "Buyer confirmed ({date})",
  "evidence.buyerNotConfirmed": "Buyer not confirmed yet",
};

export const evidenceId: Dictionary = {
  "evidence.title": "Yang sudah diperiksa",
  "evidence.invoiceVerified": "Faktur terverifikasi",
  "evidence.deliveryProven": "Pengiriman terbukti",
  "evidence.buyerConfirmed": "Pembeli mengonfirmasi ({date})",
  "evidence.buyerNotConfirmed": "Pembeli belum mengonfirmasi",
};
