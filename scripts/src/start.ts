import { devAccountRoleLines } from "@farm/core/dev-accounts";
import { loadLauncherConfig } from "./config";
import { startStack } from "./stack";

/** `npm start`: the whole platform on embedded defaults, until Ctrl-C. */
async function main(): Promise<void> {
  const config = loadLauncherConfig();
  const started = Date.now();
  const stack = await startStack({ ...config, log: (line) => console.log(`farm           ${line}`) });
  const rows = [
    ["Local chain (anvil)", `${stack.chain.rpcUrl}  (chain id ${stack.chain.chainId})`],
    ["API", `${stack.apiUrl}/api`],
    ["API docs", stack.docsUrl],
    ["Investor app", stack.investorAppUrl],
    ["Farmer portal", stack.farmerPortalUrl],
    ["Mail sent (SMTP sink)", stack.mailUrl],
    ["GoldToken", stack.contracts.goldToken],
    ["GoldFaucet", stack.contracts.goldFaucet],
    ["FarmNFT", stack.contracts.farmNft],
    ["FarmVault", stack.contracts.farmVault],
  ];
  console.log(
    `\nFarm is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s). Ctrl-C stops everything.\n`,
  );
  for (const [label, value] of rows) console.log(`  ${label!.padEnd(22)}${value}`);
  // Which dev wallet account is who: the apps' local dev wallet offers them all (anvil's public test keys).
  console.log("\n  Dev accounts (the apps' local dev wallet, anvil's public test keys):");
  for (const line of devAccountRoleLines()) console.log(`    ${line}`);
  console.log("");
  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log("\nStopping…");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutdown);
  process.on("SIGTERM", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
