import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { precompress } from "./precompress";
import { type Child, startChild, waitForSuccess } from "./processes";
import { repoRoot } from "./root";

export const appNames = ["investor-app", "farmer-portal"] as const;
export type AppName = (typeof appNames)[number];

/**
 * Builds one app with `vite build` into `outDir` and precompresses it (brotli + gzip beside each file), as the
 * production server expects. `onChild` receives the build process, so a caller that stops early can end it.
 */
export async function buildApp(
  name: AppName,
  outDir: string,
  options: {
    quiet?: boolean;
    onChild?: (child: Child) => void;
    /** Vite's mode: "production" (the default), or "test" to keep the apps' answer checks (packages/ui answer-check). */
    mode?: "production" | "test";
  } = {},
): Promise<void> {
  const appDir = join(repoRoot, "apps", name);
  const vitePackage = createRequire(join(appDir, "package.json")).resolve("vite/package.json");
  const vite = join(dirname(vitePackage), "bin/vite.js");
  const build = startChild(
    `${name} build`,
    process.execPath,
    [
      vite,
      "build",
      "--mode",
      options.mode ?? "production",
      "--outDir",
      outDir,
      "--emptyOutDir",
      "--logLevel",
      "warn",
    ],
    { cwd: appDir, env: process.env, quiet: options.quiet, runsToEnd: true },
  );
  options.onChild?.(build);
  await waitForSuccess(build);
  await precompress(outDir);
}
