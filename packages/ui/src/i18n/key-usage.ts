/**
 * Which dictionary keys the code uses, read from source text: a key is used when it appears whole as a string
 * literal, or when a template literal builds it from a fixed prefix (`stage.${name}`). Plural forms (`x.one`,
 * `x.other`) count as `x`. For the apps' dictionary tests: no key nobody reads, no key read that no language has.
 */
const pluralForms = /\.(zero|one|two|few|many|other)$/;
const keyShape = /^[a-zA-Z][\w-]*(\.[\w-]+)+$/;

export function keyUsage(sources: readonly string[]) {
  const literals = new Set<string>();
  const prefixes = new Set<string>();
  for (const source of sources) {
    // Each quote kind on its own: a "key" inside a template literal's ${...} still counts.
    const texts = [/"([^"\n\\]*)"/g, /'([^'\n\\]*)'/g, /`([^`\\]*)`/g].flatMap((pattern) =>
      [...source.matchAll(pattern)].map((match) => match[1] ?? ""),
    );
    for (const text of texts) {
      const dynamic = text.indexOf("${");
      if (dynamic === -1) {
        if (keyShape.test(text)) literals.add(text);
      } else if (dynamic > 0 && text.slice(0, dynamic).endsWith(".")) {
        prefixes.add(text.slice(0, dynamic));
      }
    }
  }
  const isUsed = (key: string) => {
    const base = key.replace(pluralForms, "");
    if (literals.has(key) || literals.has(base)) return true;
    for (const prefix of prefixes) if (key.startsWith(prefix)) return true;
    return false;
  };
  return {
    /** Keys of the dictionary that no source reads. */
    unused: (keys: Iterable<string>) => [...keys].filter((key) => !isUsed(key)).sort(),
    /** Keys the sources pass to `t("...")` that the dictionary lacks (in any plural form). */
    missing: (sourcesToScan: readonly string[], keys: ReadonlySet<string>) => {
      const bases = new Set([...keys].map((key) => key.replace(pluralForms, "")));
      const asked = new Set<string>();
      for (const source of sourcesToScan)
        for (const match of source.matchAll(/\bt\(\s*"([^"]+)"/g)) if (match[1]) asked.add(match[1]);
      return [...asked].filter((key) => !keys.has(key) && !bases.has(key)).sort();
    },
  };
}
