import type { Dictionaries } from "../i18n/types";
import { wordPack } from "../i18n/word-packs";

/** Words of the document fields (farmer registration, invoice evidence, the investor's KTP): only forms load them. */
export const fileWords: Dictionaries = wordPack({
  en: {
    "file.problem.type": "This kind of file is not accepted here.",
    "file.problem.size": "This file is too large: at most {mb} MB.",
    "file.problem.empty": "This file is empty.",
    "file.problem.missing": "Please choose this document.",
    "file.chosen": "Chosen: {name} ({size}). Choose again to replace it.",
  },
  id: {
    "file.problem.type": "Jenis berkas ini tidak diterima di sini.",
    "file.problem.size": "Berkas terlalu besar: maksimal {mb} MB.",
    "file.problem.empty": "Berkas ini kosong.",
    "file.problem.missing": "Pilih dokumen ini.",
    "file.chosen": "Dipilih: {name} ({size}). Pilih lagi untuk mengganti.",
  },
});
