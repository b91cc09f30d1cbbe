import type { Dictionary } from "./types";

/** How GOLD is typed and checked in both apps: the form each language expects, refusals and the check step. */
export const goldWords: Record<"en" | "id", Dictionary> = {
  en: {
    "gold.example": "1,500 or 1,500.50",
    "gold.placeholder": "1,500.50",
    "gold.hint": "In GOLD, for example {example}.",
    "gold.hintRupiah":
      "In GOLD, for example {example}, or in Rupiah at the rate below, for example {rupiah}.",
    "gold.problem.empty": "Please enter an amount of GOLD, for example {example}.",
    "gold.problem.notANumber": "Write the amount with digits only, for example {example}.",
    "gold.problem.wrongSeparators":
      'Write the amount with "," between thousands and "." before decimals, for example {example}.',
    "gold.problem.otherCurrency":
      "Amounts are in GOLD, not rupiah: type the number of GOLD, for example {example}.",
    "gold.problem.negative": "An amount cannot be negative.",
    "gold.problem.tooManyDecimals": "GOLD has at most {decimals} decimals.",
    "gold.problem.rupiahTooManyDecimals": "Rupiah has at most {decimals} decimals.",
    "gold.problem.tooLarge": "That is more than the largest amount allowed, {maximum} GOLD.",
    "gold.problem.zero": "Please enter an amount above 0.",
    "gold.check.title": "Check before you send",
    "gold.check.amount": "Amount",
    "gold.check.inWords": "In words",
    "gold.check.confirm": "Yes, send",
    "gold.check.change": "Change",
  },
  id: {
    "gold.example": "1.500 atau 1.500,50",
    "gold.placeholder": "1.500,50",
    "gold.hint": "Dalam GOLD, contoh {example}.",
    "gold.hintRupiah":
      "Dalam GOLD, contoh {example}, atau dalam Rupiah dengan kurs di bawah, contoh {rupiah}.",
    "gold.problem.empty": "Masukkan jumlah GOLD, contoh {example}.",
    "gold.problem.notANumber": "Tulis jumlah dengan angka saja, contoh {example}.",
    "gold.problem.wrongSeparators":
      'Tulis jumlah dengan "." di antara ribuan dan "," sebelum desimal, contoh {example}.',
    "gold.problem.otherCurrency": "Jumlah dalam GOLD, bukan rupiah: ketik jumlah GOLD, contoh {example}.",
    "gold.problem.negative": "Jumlah tidak boleh negatif.",
    "gold.problem.tooManyDecimals": "GOLD paling banyak memiliki {decimals} angka desimal.",
    "gold.problem.rupiahTooManyDecimals": "Rupiah paling banyak memiliki {decimals} angka desimal.",
    "gold.problem.tooLarge": "Itu melebihi jumlah terbesar yang diizinkan, {maximum} GOLD.",
    "gold.problem.zero": "Masukkan jumlah di atas 0.",
    "gold.check.title": "Periksa sebelum mengirim",
    "gold.check.amount": "Jumlah",
    "gold.check.inWords": "Terbilang",
    "gold.check.confirm": "Ya, kirim",
    "gold.check.change": "Ubah",
  },
};
