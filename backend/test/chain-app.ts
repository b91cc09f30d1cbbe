import { farmNftAbi, waitForReceipt } from "@farm/contracts";
import { anvilKeys } from "@farm/testkit";
import type { LocalAccount } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { farmers } from "../src/db/schema";
import type { FarmChain } from "./chain-fixture";
import { buyerDueDate, invoiceForm } from "./fixtures";
import { type BackendKind, signIn, startTestApp, type TestApp } from "./helpers";

/** The API wired to a FarmChain (its FarmMarket too): operator key 1, indexer off so each test indexes when it wants (syncOnce). */
export function startChainApp(
  farm: FarmChain,
  kind: BackendKind = "embedded",
  env: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
) {
  const { goldToken, goldFaucet, farmNft, farmVault, farmMarket } = farm.deployment;
  return startTestApp({
    kind,
    logStream,
    contracts: { goldToken, goldFaucet, farmNft, farmVault, ...(farmMarket ? { farmMarket } : {}) },
    env: {
      RPC_URL: farm.anvil.rpcUrl,
      CHAIN_ID: String(farm.anvil.chainId),
      OPERATOR_PRIVATE_KEY: anvilKeys[1],
      INDEXER_ENABLED: "false",
      ...env,
    },
  });
}

/** Indexes up to the head now. */
export async function indexNow(testApp: TestApp): Promise<void> {
  const indexer = testApp.app.chain.indexer;
  if (!indexer) throw new Error("the app has no indexer (no contracts?)");
  await indexer.syncOnce();
}

/** A farmer's row with plausible test details (encrypted fields hold a placeholder). */
export function farmerRow(walletAddress: string, status: "approved" | "pending_review" = "approved") {
  return {
    walletAddress,
    status,
    fullName: "Siti Rahayu",
    nikEncrypted: "test-ciphertext",
    email: "siti@example.com",
    phone: "+6281234567890",
    dateOfBirth: "1985-04-12",
    street: "Jl. Sawah 1",
    province: "Jawa Barat",
    city: "Bandung",
    district: "Cibiru",
    postalCode: "40614",
    businessName: "Tani Makmur",
    businessType: "individual" as const,
    npwpEncrypted: "test-ciphertext",
    bankName: "BRI",
    bankAccountEncrypted: "test-ciphertext",
    bankAccountHolder: "Siti Rahayu",
    crops: ["rice"],
    landAreaHectares: 2.5,
    yearsFarming: 10,
  };
}

/** Registers `account` as a farmer with the given status straight in the database, signs it in, returns the cookie. */
export async function signInFarmer(
  testApp: TestApp,
  account: LocalAccount,
  status: "approved" | "pending_review" = "approved",
): Promise<{ cookie: string; farmerId: string }> {
  const [row] = await testApp.app.db
    .insert(farmers)
    .values(farmerRow(account.address, status))
    .returning({ id: farmers.id });
  if (!row) throw new Error("farmer insert returned nothing");
  return { cookie: await signIn(testApp.app, account), farmerId: row.id };
}

/**
 * An invoice of `amount` (2 % over 60 days) a fresh approved farmer submits through the API, approved on chain by the
 * admin. Through the API because the app's operator counts its own nonces: a test sending with the operator key too
 * would take them from under it.
 */
export async function openInvoiceViaApi(testApp: TestApp, farm: FarmChain, amount: bigint): Promise<bigint> {
  const { cookie } = await signInFarmer(testApp, privateKeyToAccount(generatePrivateKey()));
  const form = invoiceForm({
    invoiceNumber: `API-${Date.now()}`,
    buyerName: "PT Pangan Sejahtera",
    buyerContact: "finance@pangansejahtera.co.id",
    amount: amount.toString(),
    yieldBps: 200,
    tenorDays: 60,
    fundingDays: 14,
    dueDate: buyerDueDate,
  });
  const reply = await testApp.app.inject({
    method: "POST",
    url: "/api/invoices",
    headers: { cookie, ...form.headers },
    payload: form.payload,
  });
  if (reply.statusCode !== 201) throw new Error(`submission answered ${reply.statusCode}: ${reply.body}`);
  const tokenId = BigInt(reply.json().tokenId);
  await waitForReceipt(farm.publicClient, {
    hash: await farm.admin.writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "approveInvoice",
      args: [tokenId],
    }),
  });
  return tokenId;
}
