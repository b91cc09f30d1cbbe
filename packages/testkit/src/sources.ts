import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The text of every .ts/.tsx file under `dirs` (node_modules left out), minus the paths `skip` matches. */
export function readSources(dirs: readonly string[], skip?: RegExp): string[] {
  const texts: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules") walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !skip?.test(path)) {
        texts.push(readFileSync(path, "utf8"));
      }
    }
  };
  for (const dir of dirs) walk(dir);
  return texts;
}
