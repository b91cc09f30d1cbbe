import { mnemonicToAccount } from "viem/accounts";
import { emailProductionVariables, notificationsProductionProblem } from "./notifications";

/** The public anvil / Hardhat mnemonic: its keys are known to everyone, so production must never sign with them. */
const developmentMnemonic = "test test test test test test test test test test test junk";
const developmentAccounts = 20;

/**
 * Variables production cannot run without: defaults that only make sense on a laptop (embedded PGlite, an in-memory
 * cache, a local folder, a chain on 127.0.0.1, the apps' dev origins). One entry per variable: its name and why.
 */
const requiredInProduction: readonly { name: string; why: string }[] = [
  { name: "DATABASE_URL", why: "embedded PGlite is one process's file, not a production database" },
  { name: "REDIS_URL", why: "the in-memory cache loses sessions at every restart and is per instance" },
  { name: "S3_BUCKET", why: "farmer documents must outlive the instance (set the four S3_* variables)" },
  { name: "RPC_URL", why: "the default is the local anvil chain" },
  { name: "OPERATOR_PRIVATE_KEY", why: "invoice submission needs the OPERATOR_ROLE signer" },
  { name: "SIWE_ALLOWED_ORIGINS", why: "the default accepts only the local apps' origins" },
  { name: "PUBLIC_API_URL", why: "token metadata links and the FarmNFT URI need the API's public address" },
  {
    name: "RUPIAH_PER_GOLD",
    why: "investor approvals turn declared Rupiah income into a GOLD limit at this rate",
  },
];

/**
 * Every variable production refuses to start without (ENCRYPTION_KEY is checked by the schema, the e-mail ones while
 * NOTIFY_EMAIL is on): `.env.example` and docs/operations.md list each, and a test holds them to this list.
 */
export const productionVariables: readonly string[] = [
  "ENCRYPTION_KEY",
  ...requiredInProduction.map((required) => required.name),
  ...emailProductionVariables,
];

/**
 * Checks a production environment before anything starts; returns the first problem as [variable, message], or
 * null. A variable counts as unset when it is missing or blank.
 */
export function productionProblem(env: NodeJS.ProcessEnv): [string, string] | null {
  if (env.NODE_ENV !== "production") return null;
  for (const { name, why } of requiredInProduction) {
    if ((env[name] ?? "").trim() === "") return [name, `required in production: ${why}`];
  }
  const mail = notificationsProductionProblem(env);
  if (mail) return mail;
  if (isDevelopmentKey(env.OPERATOR_PRIVATE_KEY ?? "")) {
    return [
      "OPERATOR_PRIVATE_KEY",
      "is a public development key (anvil/Hardhat); use the operator's own key",
    ];
  }
  return null;
}

function isDevelopmentKey(key: string): boolean {
  const lower = key.trim().toLowerCase();
  for (let index = 0; index < developmentAccounts; index++) {
    const account = mnemonicToAccount(developmentMnemonic, { addressIndex: index });
    const privateKey = account.getHdKey().privateKey;
    if (privateKey && `0x${Buffer.from(privateKey).toString("hex")}` === lower) return true;
  }
  return false;
}
