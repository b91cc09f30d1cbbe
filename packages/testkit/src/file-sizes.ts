import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Source a person writes; generated code (ABIs, bytecode, migrations' snapshots) and data are not counted. */
const SOURCE = /\.(ts|tsx|js|mjs|cjs|sol|css)$/;
const GENERATED = /^(contracts\/src\/(abi|bytecode)\/|backend\/drizzle\/)/;

/** The files git tracks under `repo` that are hand-written source, as paths relative to it. */
export function trackedSources(repo: string): string[] {
  const listed = execFileSync("git", ["ls-files", "-z"], { cwd: repo, encoding: "utf8" });
  return listed.split("\0").filter((path) => SOURCE.test(path) && !GENERATED.test(path));
}

/** Each file with more than `limit` lines, longest first: a file that long holds more than one concept. */
export function overlongFiles(
  repo: string,
  paths: readonly string[],
  limit: number,
): { path: string; lines: number }[] {
  return paths
    .map((path) => ({ path, lines: readFileSync(join(repo, path), "utf8").split("\n").length - 1 }))
    .filter((file) => file.lines > limit)
    .sort((a, b) => b.lines - a.lines);
}
