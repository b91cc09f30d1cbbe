import type { Dictionary } from "./types";

/** Words of the wallet pieces both apps share: test-network faucet, session and account changes. */
export const walletWords: Record<"en" | "id", Dictionary> = {
  en: {
    "faucet.claimTest": "Get test GOLD from the faucet",
    "faucet.nextClaim": "The faucet gives this wallet more from {when}.",
    "faucet.used": "This wallet has received all the faucet gives.",
    "session.accountChanged":
      "Your wallet switched to another account, so you were signed out. Sign in again with {address}.",
    "session.signedOut": "Signed out.",
  },
  id: {
    "faucet.claimTest": "Ambil GOLD uji dari faucet",
    "faucet.nextClaim": "Faucet memberi dompet ini lagi mulai {when}.",
    "faucet.used": "Dompet ini sudah menerima semua yang diberikan faucet.",
    "session.accountChanged":
      "Dompet Anda berganti akun, jadi Anda telah keluar. Masuk lagi dengan {address}.",
    "session.signedOut": "Anda telah keluar.",
  },
};
