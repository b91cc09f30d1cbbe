/**
 * Builds both apps with Vite and prints the gzipped JavaScript each route loads: the entry's static imports plus the
 * route's own lazily loaded chunks and their static imports. Last line: one JSON object of the figures.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build, type Manifest } from "vite";

type AppRoutes = {
  app: string;
  dir: string;
  budgetKb: number;
  budgetRoute: string;
  routes: Record<string, string[]>;
};

const root = resolve(fileURLToPath(import.meta.url), "../../..");

const apps: AppRoutes[] = [
  {
    app: "farmer-portal",
    dir: "apps/farmer-portal",
    // The landing page must stay light: no wallet code (only the routes that sign or send load it), and the portal
    // runs on Preact's React API; issue 15 asks for <= 80 KB.
    budgetKb: 80,
    budgetRoute: "/",
    routes: {
      "/": [],
      "/register-farm": ["src/layout/WalletLayout.tsx", "src/registration/RegisterFarmPage.tsx"],
      "/invoices": ["src/layout/WalletLayout.tsx", "src/invoices/InvoicesPage.tsx"],
      "/admin": ["src/layout/WalletLayout.tsx", "src/admin/AdminPage.tsx"],
    },
  },
  {
    app: "investor-app",
    dir: "apps/investor-app",
    // A signed-out visitor's first page carries no wallet code (LazyWalletProvider); issue 15 asks for <= 160 KB.
    budgetKb: 160,
    budgetRoute: "/",
    routes: {
      // The home page and the shop come with the entry (App.tsx): their routes are the entry's closure.
      "/": [],
      "/shop": [],
      "/farm": ["src/garden/FarmPage.tsx"],
      "/leaderboard": ["src/leaderboard/LeaderboardPage.tsx"],
      "/profile": ["src/profile/ProfilePage.tsx"],
      "/verify": ["src/verify/VerifyPage.tsx"],
      "/market": ["src/market/MarketPage.tsx"],
    },
  },
];

function staticClosure(manifest: Manifest, keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) continue;
    into.add(chunk.file);
    staticClosure(manifest, chunk.imports ?? [], into);
  }
  return into;
}

async function gzippedKb(outDir: string, files: Iterable<string>): Promise<number> {
  let bytes = 0;
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    bytes += gzipSync(await readFile(join(outDir, file)), { level: 9 }).length;
  }
  return Math.round((bytes / 1024) * 10) / 10;
}

async function measure(app: AppRoutes) {
  const outDir = await mkdtemp(join(tmpdir(), `farm-bundle-${app.app}-`));
  try {
    await build({
      root: join(root, app.dir),
      configFile: join(root, app.dir, "vite.config.ts"),
      logLevel: "error",
      build: { outDir, emptyOutDir: true, manifest: true },
    });
    const manifest = JSON.parse(await readFile(join(outDir, ".vite/manifest.json"), "utf8")) as Manifest;
    const entry = staticClosure(manifest, ["index.html"]);
    const routes: Record<string, number> = {};
    for (const [route, modules] of Object.entries(app.routes)) {
      const missing = modules.filter((module) => !manifest[module]);
      if (missing.length > 0) throw new Error(`${app.app}: ${missing.join(", ")} not in the build`);
      routes[route] = await gzippedKb(outDir, staticClosure(manifest, modules, new Set(entry)));
    }
    const allJs = Object.values(manifest).map((chunk) => chunk.file);
    const total = await gzippedKb(outDir, new Set(allJs));
    return { app: app.app, totalKb: total, routes, budgetKb: app.budgetKb, budgetRoute: app.budgetRoute };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const results = [];
for (const app of apps) {
  const result = await measure(app);
  console.log(`${result.app}: all JS ${result.totalKb} KB gzipped`);
  for (const [route, kb] of Object.entries(result.routes))
    console.log(`  ${route.padEnd(16)} ${kb} KB gzipped`);
  const measured = result.routes[result.budgetRoute] ?? Number.NaN;
  console.log(
    `  budget ${result.budgetRoute} <= ${result.budgetKb} KB: ${measured <= result.budgetKb ? "ok" : "OVER"}`,
  );
  results.push({ ...result, withinBudget: measured <= result.budgetKb });
}
console.log(JSON.stringify({ bench: "bundle", unit: "KB gzipped", apps: results }));
if (results.some((result) => !result.withinBudget)) process.exitCode = 1;
