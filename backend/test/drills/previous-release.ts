import { execFile, execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readlink, rm, stat, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
/** The workspaces the backend needs, each with the node_modules folder npm may have given it. */
const backendWorkspaces = ["backend", "contracts", "packages/core", "packages/testkit"];

/** The commit `release/previous-commit` names. */
export const previousCommit = readFileSync(join(repoRoot, "release", "previous-commit"), "utf8").trim();

/** Whether this checkout's git history holds the previous release (a shallow clone does not). */
export function previousReleaseInHistory(): boolean {
  try {
    execFileSync("git", ["-C", repoRoot, "cat-file", "-e", `${previousCommit}^{commit}`], {
      stdio: "ignore",
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The previous release's backend in a temporary folder: its files from git (`release/previous-commit` names the
 * commit, so the drill does not depend on tags surviving), and this checkout's installed packages linked in, except the
 * workspace packages (@farm/*), which point at the old release's own copies. Nothing is installed.
 */
export async function checkoutPreviousRelease(): Promise<{
  dir: string;
  commit: string;
  remove(): Promise<void>;
}> {
  const commit = previousCommit;
  const dir = await mkdtemp(join(tmpdir(), "farm-previous-release-"));
  try {
    await run("sh", [
      "-c",
      `git -C "${repoRoot}" archive --format=tar "${commit}" ${backendWorkspaces.join(" ")} package.json tsconfig.base.json | tar -x -C "${dir}"`,
    ]);
    const modules = join(repoRoot, "node_modules");
    await mkdir(join(dir, "node_modules", "@farm"), { recursive: true });
    for (const entry of await readdir(modules)) {
      if (entry === "@farm") continue;
      await symlink(join(modules, entry), join(dir, "node_modules", entry));
    }
    // Relative links (../../packages/core): inside the checkout they reach the old release's workspaces.
    for (const entry of await readdir(join(modules, "@farm"))) {
      await symlink(await readlink(join(modules, "@farm", entry)), join(dir, "node_modules", "@farm", entry));
    }
    for (const workspace of backendWorkspaces) {
      const own = join(repoRoot, workspace, "node_modules");
      if (await stat(own).catch(() => null)) await symlink(own, join(dir, workspace, "node_modules"));
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return { dir, commit, remove: () => rm(dir, { recursive: true, force: true }) };
}
