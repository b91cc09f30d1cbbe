import type { Dictionaries } from "@farm/ui";

/** The words of the game's world around the pages (the farm gate, the stall, the farmer's card, the podium): the
 *  components that show them bring them (wordPack). */
export const lookWords: Dictionaries = {
  en: {
    "look.gate.tagline": "Your plants, today's jobs and fresh seeds: all through this gate.",
    "look.stall.awning": "Fresh seeds from farms that passed review",
    "look.stall.packet": "Seed packet: {crop}",
    "look.card.kind": "Farmer's card",
    "look.card.ledger": "Money figures, counted from your transactions on chain.",
    "look.podium": "Top three",
    "look.podium.place": "Place {rank}",
  },
  id: {
    "look.gate.tagline": "Tanaman Anda, tugas hari ini, dan benih segar: semuanya lewat gerbang ini.",
    "look.stall.awning": "Benih segar dari kebun yang lolos pemeriksaan",
    "look.stall.packet": "Bungkus benih: {crop}",
    "look.card.kind": "Kartu petani",
    "look.card.ledger": "Angka uang, dihitung dari transaksi Anda di chain.",
    "look.podium": "Tiga teratas",
    "look.podium.place": "Peringkat {rank}",
  },
};
