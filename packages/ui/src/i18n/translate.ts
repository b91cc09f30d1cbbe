import type { Dictionary, Translate } from "./types";

/** Looks a key up in the chosen language, then in English, then shows the key itself so a gap is visible. */
export function createTranslate(chosen: Dictionary, fallback: Dictionary): Translate {
  return (key, vars) => {
    const template = chosen[key] ?? fallback[key] ?? key;
    if (!vars) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
      name in vars ? String(vars[name]) : whole,
    );
  };
}
