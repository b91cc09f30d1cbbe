import type { Dictionaries } from "../i18n/types";

/** The statement download's words (the investor's profile, the farmer's invoices). */
export const statementWords: Dictionaries = {
  en: {
    "statement.title": "Statement",
    "statement.intro.investor":
      "What you held at the start and the end, every investment, harvest, refund, settlement claim and transfer, yield earned and principal lost.",
    "statement.intro.farmer":
      "Your invoices: principal received, repayments and financing fees, with the principal you owed at both ends (fees are owed on top until paid).",
    "statement.from": "From (WIB)",
    "statement.to": "To (WIB)",
    "statement.csv": "Download CSV",
    "statement.pdf": "Download PDF",
    "statement.badRange": "The start date must be on or before the end date.",
  },
  id: {
    "statement.title": "Laporan",
    "statement.intro.investor":
      "Apa yang Anda miliki di awal dan di akhir, setiap investasi, panen, pengembalian dana, klaim penyelesaian dan transfer, imbal hasil yang diperoleh dan pokok yang hilang.",
    "statement.intro.farmer":
      "Faktur Anda: pokok yang diterima, pelunasan dan biaya pembiayaan, beserta pokok yang Anda utang di awal dan di akhir (biaya terutang di luar itu sampai dibayar).",
    "statement.from": "Dari (WIB)",
    "statement.to": "Sampai (WIB)",
    "statement.csv": "Unduh CSV",
    "statement.pdf": "Unduh PDF",
    "statement.badRange": "Tanggal awal harus sama dengan atau sebelum tanggal akhir.",
  },
};
