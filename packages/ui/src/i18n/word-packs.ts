import type { Dictionaries, Language } from "./types";

const packs: Dictionaries[] = [];

/**
 * Words of one route's feature, registered when the module that uses them loads: a lazily loaded route brings its own
 * words, so an app's first page carries none of them. Registering the same pack twice is harmless.
 */
export function wordPack(pack: Dictionaries): Dictionaries {
  if (!packs.includes(pack)) packs.push(pack);
  return pack;
}

/** The word of `key` in `language` from the packs registered so far. */
export function packedWord(language: Language, key: string): string | undefined {
  for (const pack of packs) {
    const word = pack[language][key];
    if (word !== undefined) return word;
  }
  return undefined;
}
