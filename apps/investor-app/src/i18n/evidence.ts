import type { Dictionary } from "@farm/ui";

/** Texts of the evidence badges in the shop and the crop detail: each says exactly what was checked, and how. */
export const evidenceEn: Dictionary = {
  "evidence.title": "What was checked",
  "evidence.invoiceVerified": "Document on file, fingerprint on chain",
  "evidence.invoiceVerifiedWhy":
    "The invoice file the platform holds has the SHA-256 fingerprint recorded on chain; its content was not audited.",
  "evidence.deliveryProven": "Delivery document on file",
  "evidence.deliveryProvenWhy":
    "The farmer uploaded a delivery note, weighbridge ticket or photo; nobody went to see the delivery.",
  "evidence.buyerConfirmedByEmail": "Buyer confirmed by e-mail at {domain} on {date}",
  "evidence.buyerConfirmed": "Buyer confirmed on {date}",
  "evidence.buyerConfirmedWhy":
    "The platform e-mailed a one-time link to the buyer's address (never through the farmer); the buyer opened it and confirmed.",
  "evidence.buyerConfirmedFreeMailWhy":
    "The platform e-mailed a one-time link to the buyer; the address is at a free e-mail provider, so it says less about who answered than a company domain.",
  "evidence.buyerNotConfirmed": "Buyer not confirmed yet",
};

export const evidenceId: Dictionary = {
  "evidence.title": "Yang sudah diperiksa",
  "evidence.invoiceVerified": "Dokumen tersimpan, sidik jari di rantai",
  "evidence.invoiceVerifiedWhy":
    "Berkas faktur yang disimpan platform memiliki sidik jari SHA-256 yang tercatat di rantai; isinya tidak diaudit.",
  "evidence.deliveryProven": "Dokumen pengiriman tersimpan",
  "evidence.deliveryProvenWhy":
    "Petani mengunggah surat jalan, tiket timbangan atau foto; tidak ada yang memeriksa pengiriman di tempat.",
  "evidence.buyerConfirmedByEmail": "Pembeli mengonfirmasi lewat e-mail di {domain} pada {date}",
  "evidence.buyerConfirmed": "Pembeli mengonfirmasi pada {date}",
  "evidence.buyerConfirmedWhy":
    "Platform mengirim tautan sekali pakai ke alamat e-mail pembeli (tidak lewat petani); pembeli membukanya dan mengonfirmasi.",
  "evidence.buyerConfirmedFreeMailWhy":
    "Platform mengirim tautan sekali pakai ke pembeli; alamatnya di penyedia e-mail gratis, jadi kurang menunjukkan siapa yang menjawab dibanding domain perusahaan.",
  "evidence.buyerNotConfirmed": "Pembeli belum mengonfirmasi",
};
