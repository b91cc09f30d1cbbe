import type { Dictionaries } from "../i18n/types";

/** The definitions behind the record, loaded only when someone opens them. */
export const definitionWords: Dictionaries = {
  en: {
    "record.def.twp90":
      "TWP90 is the outstanding principal more than 90 days past its maturity on chain, divided by all outstanding principal. Defaulted principal stays outstanding; once a default is settled, the principal not recovered stays outstanding until 365 days after maturity, so settling never hides a loss. The principal lost to settled defaults, all time, is shown beside TKB90.",
    "record.def.tkb90":
      "TKB90 is 100 % minus TWP90: the share of outstanding principal that is not more than 90 days late.",
    "record.def.funded":
      "Total funded is the principal of invoices that reached their target; money invested in an invoice later cancelled was refunded and is not counted. Lenders are the wallets that invested in those invoices.",
    "record.def.none":
      "With nothing outstanding there is nothing to measure, so no rate is shown; a borrower never funded has no record yet.",
    "record.def.source":
      "Every figure is computed from the chain's record of the invoices, at the chain's time, never typed in.",
  },
  id: {
    "record.def.twp90":
      "TWP90 adalah pokok terutang yang lewat lebih dari 90 hari dari jatuh temponya di rantai, dibagi seluruh pokok terutang. Pokok gagal bayar tetap terutang; setelah gagal bayar diselesaikan, pokok yang tidak kembali tetap terutang sampai 365 hari setelah jatuh tempo, jadi penyelesaian tidak pernah menyembunyikan kerugian. Pokok yang hilang karena gagal bayar yang diselesaikan, sepanjang waktu, ditampilkan di samping TKB90.",
    "record.def.tkb90":
      "TKB90 adalah 100 % dikurangi TWP90: bagian pokok terutang yang terlambat tidak lebih dari 90 hari.",
    "record.def.funded":
      "Total dana tersalurkan adalah pokok faktur yang mencapai targetnya; dana untuk faktur yang kemudian dibatalkan sudah dikembalikan dan tidak dihitung. Pemberi dana adalah dompet yang mendanai faktur tersebut.",
    "record.def.none":
      "Jika tidak ada yang terutang, tidak ada yang diukur, jadi tidak ada angka; penerima dana yang belum pernah didanai belum punya rekam jejak.",
    "record.def.source":
      "Setiap angka dihitung dari catatan faktur di rantai, pada waktu rantai, tidak pernah diketik tangan.",
  },
};
