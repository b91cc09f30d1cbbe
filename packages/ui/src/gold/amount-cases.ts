import { ONE_GOLD } from "@farm/core";
import type { Language } from "../i18n/types";

/**
 * The one table of typed amounts every money input is tested against: what each language reads, or the refusal it
 * shows (in the page's language, naming the form it expects).
 */
export type AmountCase = { language: Language; text: string } & ({ amount: bigint } | { refused: string });

/** The Rupiah rate the table's Rupiah rows are read at: the component tests' deployment (testQueryClient) has it. */
export const AMOUNT_TABLE_RUPIAH_PER_GOLD = 16_000n;

const gold = (whole: bigint, tenths = 0n) => whole * ONE_GOLD + (tenths * ONE_GOLD) / 10n;
const idForm = "1.500 atau 1.500,50";
const enForm = "1,500 or 1,500.50";
const idSeparators = `Tulis jumlah dengan "." di antara ribuan dan "," sebelum desimal, contoh ${idForm}.`;
const enSeparators = `Write the amount with "," between thousands and "." before decimals, for example ${enForm}.`;

export const amountCases: readonly AmountCase[] = [
  { language: "id", text: "2.500", amount: gold(2500n) },
  { language: "id", text: "1.000,50", amount: gold(1000n, 5n) },
  { language: "id", text: "1,000.50", refused: idSeparators },
  { language: "id", text: "2500", amount: gold(2500n) },
  { language: "id", text: "2,5", amount: gold(2n, 5n) },
  { language: "id", text: "2.5", refused: idSeparators },
  { language: "id", text: "5.000.000", amount: gold(5_000_000n) },
  { language: "id", text: " 1 500,5 ", amount: gold(1500n, 5n) },
  { language: "id", text: "1\u00a0500", amount: gold(1500n) },
  { language: "id", text: "2.500 GOLD", amount: gold(2500n) },
  // Rp2.500 at Rp16.000 per GOLD is 0,15625 GOLD.
  { language: "id", text: "Rp2.500", amount: (2_500n * ONE_GOLD) / AMOUNT_TABLE_RUPIAH_PER_GOLD },
  { language: "id", text: "Rp1.500.000,555", refused: "Rupiah paling banyak memiliki 2 angka desimal." },
  { language: "id", text: "-5", refused: "Jumlah tidak boleh negatif." },
  { language: "id", text: "0,0000000000000000001", refused: "GOLD paling banyak memiliki 18 angka desimal." },
  { language: "id", text: "0,000000000000000001", amount: 1n },
  { language: "id", text: "", refused: `Masukkan jumlah GOLD, contoh ${idForm}.` },
  { language: "id", text: "12abc", refused: `Tulis jumlah dengan angka saja, contoh ${idForm}.` },
  {
    language: "id",
    text: "100.000.000.000",
    refused: "Itu melebihi jumlah terbesar yang diizinkan, 79.228.162.514 GOLD.",
  },
  { language: "en", text: "1,000.50", amount: gold(1000n, 5n) },
  { language: "en", text: "1.000,50", refused: enSeparators },
  { language: "en", text: "2,500", amount: gold(2500n) },
  { language: "en", text: "2.5", amount: gold(2n, 5n) },
  { language: "en", text: "5.000.000", refused: enSeparators },
  { language: "en", text: "1,5", refused: enSeparators },
  { language: "en", text: "1 500.25", amount: gold(1500n) + ONE_GOLD / 4n },
  { language: "en", text: "GOLD 10", amount: gold(10n) },
  { language: "en", text: "Rp 10", amount: (10n * ONE_GOLD) / AMOUNT_TABLE_RUPIAH_PER_GOLD },
  { language: "en", text: "Rp1.500.000", refused: enSeparators },
  { language: "en", text: "\u22125", refused: "An amount cannot be negative." },
  { language: "en", text: "1.1234567890123456789", refused: "GOLD has at most 18 decimals." },
  { language: "en", text: "   ", refused: `Please enter an amount of GOLD, for example ${enForm}.` },
  {
    language: "en",
    text: "99999999999999999999999999",
    refused: "That is more than the largest amount allowed, 79,228,162,514 GOLD.",
  },
  { language: "en", text: "79,228,162,514.264337593543950335", amount: (1n << 96n) - 1n },
  {
    language: "en",
    text: "79,228,162,514.264337593543950336",
    refused: "That is more than the largest amount allowed, 79,228,162,514 GOLD.",
  },
];
