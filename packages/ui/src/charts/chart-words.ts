import type { Dictionaries } from "../i18n/types";

/** The charts' words (platform volume, portfolio by state, a farmer's timeline), loaded with the charts' code. */
export const chartWords: Dictionaries = {
  en: {
    "chart.volume.title": "Funded and repaid by month, in GOLD (Western Indonesian Time)",
    "chart.volume.month": "Month",
    "chart.volume.funded": "Funded",
    "chart.volume.repaid": "Repaid",
    "chart.portfolio.title": "My portfolio by state, GOLD invested",
    "chart.portfolio.state": "State",
    "chart.portfolio.invested": "Invested",
    "chart.portfolio.refunded": "Refunded",
    "chart.empty": "Nothing to chart yet.",
    "chart.unavailable": "The chart could not be loaded.",
  },
  id: {
    "chart.volume.title": "Dana tersalurkan dan dilunasi per bulan, dalam GOLD (Waktu Indonesia Barat)",
    "chart.volume.month": "Bulan",
    "chart.volume.funded": "Tersalurkan",
    "chart.volume.repaid": "Dilunasi",
    "chart.portfolio.title": "Portofolio saya per status, GOLD yang diinvestasikan",
    "chart.portfolio.state": "Status",
    "chart.portfolio.invested": "Diinvestasikan",
    "chart.portfolio.refunded": "Dana dikembalikan",
    "chart.empty": "Belum ada yang bisa digambarkan.",
    "chart.unavailable": "Grafik tidak dapat dimuat.",
  },
};
