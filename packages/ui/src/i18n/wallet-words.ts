import type { Dictionary } from "./types";

/** Words of the wallet pieces both apps share: test-network faucet, session and account changes. */
export const walletWords: Record<"en" | "id", Dictionary> = {
  en: {
    "faucet.claimTest": "Get test GOLD from the faucet",
    "faucet.claimTestAmount": "Get test GOLD from the faucet ({amount} GOLD)",
    "faucet.nextClaim": "The faucet gives this wallet more from {when}.",
    "faucet.used": "This wallet has received all the faucet gives.",
    "session.accountChanged":
      "Your wallet switched to another account, so you were signed out. Sign in again with {address}.",
    "session.signedOut": "Signed out.",
    "form.tooLong.one": "At most {count} character.",
    "form.tooLong.other": "At most {count} characters; shorten it.",
    "form.dateNotInFuture": "Choose a date after today.",
    "form.tooShort.one": "At least {count} character, please.",
    "form.tooShort.other": "At least {count} characters, please.",
    "form.atMost": "At most {max}.",
    "form.dateBeforeFundingCloses":
      "The buyer must pay after the funding window closes: choose {date} or later, or a shorter funding window.",
    "form.dateAfterLatest":
      "That is further out than any term financed here: choose {date} or earlier (check the year).",
    "api.rateLimitedWait.one": "Too many attempts. Try again in {count} second.",
    "api.rateLimitedWait.other": "Too many attempts. Try again in {count} seconds.",
    "api.rateLimitedOver": "You can try again now.",
  },
  id: {
    "faucet.claimTest": "Ambil GOLD uji dari faucet",
    "faucet.claimTestAmount": "Ambil GOLD uji dari faucet ({amount} GOLD)",
    "faucet.nextClaim": "Faucet memberi dompet ini lagi mulai {when}.",
    "faucet.used": "Dompet ini sudah menerima semua yang diberikan faucet.",
    "session.accountChanged":
      "Dompet Anda berganti akun, jadi Anda telah keluar. Masuk lagi dengan {address}.",
    "session.signedOut": "Anda telah keluar.",
    "form.tooLong.one": "Paling banyak {count} karakter.",
    "form.tooLong.other": "Paling banyak {count} karakter; persingkat.",
    "form.dateNotInFuture": "Pilih tanggal setelah hari ini.",
    "form.tooShort.one": "Minimal {count} karakter.",
    "form.tooShort.other": "Minimal {count} karakter.",
    "form.atMost": "Paling banyak {max}.",
    "form.dateBeforeFundingCloses":
      "Pembeli harus membayar setelah masa pendanaan berakhir: pilih {date} atau sesudahnya, atau persingkat masa pendanaan.",
    "form.dateAfterLatest":
      "Tanggal itu lebih jauh dari jangka pembiayaan mana pun di sini: pilih {date} atau sebelumnya (periksa tahunnya).",
    "api.rateLimitedWait.one": "Terlalu banyak percobaan. Coba lagi dalam {count} detik.",
    "api.rateLimitedWait.other": "Terlalu banyak percobaan. Coba lagi dalam {count} detik.",
    "api.rateLimitedOver": "Anda dapat mencoba lagi sekarang.",
  },
};
