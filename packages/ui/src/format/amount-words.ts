import { GOLD_DECIMALS, ONE_GOLD } from "@farm/core";
import type { Language } from "../i18n/types";

const enOnes = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const enTens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const enScales = [
  "",
  "thousand",
  "million",
  "billion",
  "trillion",
  "quadrillion",
  "quintillion",
  "sextillion",
];

const idOnes = ["nol", "satu", "dua", "tiga", "empat", "lima", "enam", "tujuh", "delapan", "sembilan"];
const idScales = ["", "ribu", "juta", "miliar", "triliun", "kuadriliun", "kuintiliun", "sekstiliun"];

function enBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds > 0) words.push(`${enOnes[hundreds]} hundred`);
  if (rest >= 20)
    words.push(rest % 10 ? `${enTens[Math.floor(rest / 10)]}-${enOnes[rest % 10]}` : `${enTens[rest / 10]}`);
  else if (rest > 0) words.push(enOnes[rest] ?? "");
  return words.join(" ");
}

function idBelowHundred(n: number): string {
  if (n < 10) return idOnes[n] ?? "";
  if (n === 10) return "sepuluh";
  if (n === 11) return "sebelas";
  if (n < 20) return `${idOnes[n - 10]} belas`;
  const ones = n % 10;
  return `${idOnes[Math.floor(n / 10)]} puluh${ones ? ` ${idOnes[ones]}` : ""}`;
}

function idBelowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  const words: string[] = [];
  if (hundreds === 1) words.push("seratus");
  else if (hundreds > 1) words.push(`${idOnes[hundreds]} ratus`);
  if (rest > 0) words.push(idBelowHundred(rest));
  return words.join(" ");
}

/** Splits a whole number into groups of three digits, lowest first. */
function groupsOf(whole: bigint): number[] {
  const groups: number[] = [];
  let rest = whole;
  do {
    groups.push(Number(rest % 1000n));
    rest /= 1000n;
  } while (rest > 0n);
  return groups;
}

function wholeInWords(whole: bigint, language: Language): string {
  if (whole === 0n) return language === "id" ? "nol" : "zero";
  const groups = groupsOf(whole);
  const words: string[] = [];
  for (let scale = groups.length - 1; scale >= 0; scale -= 1) {
    const group = groups[scale] ?? 0;
    if (group === 0) continue;
    if (language === "en") {
      words.push([enBelowThousand(group), enScales[scale]].filter(Boolean).join(" "));
    } else if (scale === 1 && group === 1) {
      // Indonesian says "seribu" (one thousand), but "satu juta" (one million).
      words.push("seribu");
    } else {
      words.push([idBelowThousand(group), idScales[scale]].filter(Boolean).join(" "));
    }
  }
  return words.join(" ");
}

/**
 * An amount of GOLD in words in the page's language, so a person can check what they are about to send:
 * "dua ribu lima ratus GOLD", "one thousand point five GOLD" (decimals read digit by digit, as people say them).
 */
export function goldInWords(amount: bigint, language: Language): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const fraction = (abs % ONE_GOLD).toString().padStart(GOLD_DECIMALS, "0").replace(/0+$/, "");
  const digitWords = language === "id" ? idOnes : enOnes;
  const point = language === "id" ? "koma" : "point";
  const fractionWords = fraction
    ? ` ${point} ${[...fraction].map((digit) => digitWords[Number(digit)]).join(" ")}`
    : "";
  const sign = negative ? "minus " : "";
  return `${sign}${wholeInWords(abs / ONE_GOLD, language)}${fractionWords} GOLD`;
}
