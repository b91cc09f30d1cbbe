import {
  type FarmDeployment,
  farmNftAbi,
  goldFaucetAbi,
  goldTokenAbi,
  waitForReceipt,
} from "@farm/contracts";
import { type Avatar, parseGold } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import { createPublicClient, createWalletClient, http, type LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { demoPdf, demoPng } from "./demo-documents";
import { verifyDemoInvestors } from "./seed-investors";
import { signIn } from "./siwe-client";

export interface SeedOptions {
  apiUrl: string;
  rpcUrl: string;
  /** An app origin the backend accepts SIWE messages from. */
  origin: string;
  deployment: FarmDeployment;
  /**
   * The token of the confirmation link the platform e-mailed to `email` for `invoiceNumber`, read where the buyer
   * would read it (the local SMTP sink): the farmer's API answer never carries it.
   */
  buyerLinkToken(email: string, invoiceNumber: string): Promise<string>;
}

/** The demo cast by anvil account: #0 admin, #2 the demo farmer, #3 and #4 investors. */
const admin = privateKeyToAccount(anvilKeys[0]);
const farmer = privateKeyToAccount(anvilKeys[2]);
const investors = [privateKeyToAccount(anvilKeys[3]), privateKeyToAccount(anvilKeys[4])] as const;
/**
 * What the demo investors declare when they verify: a professional and a retail investor (their limits are the
 * deployment's shares of these incomes). The other dev-wallet accounts stay unverified and go through /verify.
 */
const demoCredentials = [
  { tier: 2, annualIncomeRupiah: 1_200_000_000n },
  { tier: 1, annualIncomeRupiah: 600_000_000n },
] as const;

/** Terms within the fee cap (decision 0050: at most 0.067 % a day, e.g. 402 bps over 60 days). */
const demoInvoices = [
  {
    invoiceNumber: "INV-2026-101",
    buyerName: "PT Sumber Pangan",
    buyerContact: "pembelian@sumberpangan.co.id",
    deliveryProof: true,
    amount: "5000",
    yieldBps: 400,
    tenorDays: 60,
    crop: "rice",
  },
  {
    invoiceNumber: "INV-2026-102",
    buyerName: "CV Kopi Nusantara",
    buyerContact: "keuangan@kopinusantara.co.id",
    deliveryProof: true,
    amount: "3000",
    yieldBps: 600,
    tenorDays: 90,
    crop: "coffee",
  },
  {
    invoiceNumber: "INV-2026-103",
    buyerName: "PT Segar Buah",
    buyerContact: "finance@segarbuah.co.id",
    deliveryProof: true,
    amount: "2000",
    yieldBps: 200,
    tenorDays: 30,
    crop: "mango",
  },
  {
    invoiceNumber: "INV-2026-104",
    buyerName: "UD Cabai Merah",
    buyerContact: "ud.cabaimerah@gmail.com",
    deliveryProof: false,
    amount: "8000",
    yieldBps: 1000,
    tenorDays: 180,
    crop: "chili",
  },
  {
    invoiceNumber: "INV-2026-105",
    buyerName: "PT Tanpa Dokumen",
    buyerContact: "admin@tanpadokumen.co.id",
    deliveryProof: false,
    amount: "1500",
    yieldBps: 90,
    tenorDays: 14,
    crop: "corn",
  },
  {
    invoiceNumber: "INV-2026-106",
    buyerName: "PT Kebun Sayur Lembang",
    buyerContact: "+6282199990000",
    deliveryProof: true,
    amount: "4000",
    yieldBps: 300,
    tenorDays: 45,
    crop: "cabbage",
  },
] as const;

/**
 * Demo data made the way users make it: through the API (sign-in, registration, review, invoice submission, crop
 * sync) and real transactions on the local chain (approval, faucet claims, investments, a repayment). It leaves
 * invoices in several states: funding open (two), funded, repaid, pending review and rejected.
 */
export async function seedDemoData(options: SeedOptions): Promise<void> {
  const { apiUrl, origin, deployment } = options;
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ chain: foundry, transport });
  const send = async (
    account: LocalAccount,
    request: Parameters<ReturnType<typeof walletFor>["writeContract"]>[0],
  ) => {
    const hash = await walletFor(account).writeContract(request);
    const receipt = await waitForReceipt(publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`seed transaction ${request.functionName} reverted`);
    return hash;
  };
  const walletFor = (account: LocalAccount) => createWalletClient({ chain: foundry, transport, account });
  const api = async <T>(
    cookie: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: {
        cookie,
        origin,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (res.status === 204 ? undefined : await res.json()) as T;
  };

  const farmerCookie = await signIn(apiUrl, origin, deployment.chainId, farmer);
  const form = new FormData();
  form.append("profile", JSON.stringify(demoFarmerProfile()));
  form.append("ktp", new Blob([demoPng()], { type: "image/png" }), "ktp.png");
  form.append(
    "npwp",
    new Blob([demoPdf("NPWP 01.234.567.8-901.000")], { type: "application/pdf" }),
    "npwp.pdf",
  );
  form.append(
    "bankStatement",
    new Blob([demoPdf("Bank statement")], { type: "application/pdf" }),
    "bank.pdf",
  );
  const registered = await fetch(`${apiUrl}/api/farmers/register`, {
    method: "POST",
    headers: { cookie: farmerCookie, origin },
    body: form,
  });
  if (registered.status !== 201)
    throw new Error(`farmer registration answered ${registered.status}: ${await registered.text()}`);
  const { farmerId } = (await registered.json()) as { farmerId: string };

  const adminCookie = await signIn(apiUrl, origin, deployment.chainId, admin);
  await api(adminCookie, "POST", `/api/admin/farmers/${farmerId}/approve`, {});

  const dueDate = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
  const tokenIds: bigint[] = [];
  for (const invoice of demoInvoices) {
    // Multipart like the portal sends it: the terms, the invoice itself and, for most, a proof of delivery.
    const form = new FormData();
    form.append(
      "invoice",
      JSON.stringify({
        invoiceNumber: invoice.invoiceNumber,
        buyerName: invoice.buyerName,
        buyerContact: invoice.buyerContact,
        amount: parseGold(invoice.amount).toString(),
        yieldBps: invoice.yieldBps,
        tenorDays: invoice.tenorDays,
        fundingDays: 30,
        dueDate,
        description: `${invoice.crop} harvest delivered to ${invoice.buyerName}`,
      }),
    );
    form.append(
      "document",
      new Blob([new Uint8Array(demoPdf(`Invoice ${invoice.invoiceNumber} to ${invoice.buyerName}`))], {
        type: "application/pdf",
      }),
      `${invoice.invoiceNumber}.pdf`,
    );
    if (invoice.deliveryProof) {
      form.append(
        "deliveryProof",
        new Blob([new Uint8Array(demoPng())], { type: "image/png" }),
        "delivery.png",
      );
    }
    const res = await fetch(`${apiUrl}/api/invoices`, {
      method: "POST",
      headers: { cookie: farmerCookie, origin, "idempotency-key": `demo-${invoice.invoiceNumber}` },
      body: form,
    });
    if (res.status !== 201) throw new Error(`invoice submission answered ${res.status}: ${await res.text()}`);
    const submitted = (await res.json()) as { tokenId: string };
    tokenIds.push(BigInt(submitted.tokenId));
  }
  // The fourth invoice stays pending review; the sixth is open for funding with no investor yet.
  const [funding, funded, repaid, , rejected, open] = tokenIds as [
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
    bigint,
  ];
  // The buyers of the first three confirm through the links the platform e-mails them; the pending one's link waits
  // for an answer (at a free-mail address); the last buyer is reached by phone, so no link can be sent.
  const linkFor = (index: number) =>
    api(farmerCookie, "POST", `/api/invoices/${tokenIds[index]}/confirmation-link`, {});
  for (const index of [0, 1, 2]) {
    await linkFor(index);
    const { buyerContact, invoiceNumber } = demoInvoices[index]!;
    const token = await options.buyerLinkToken(buyerContact, invoiceNumber);
    await api("", "POST", `/api/confirmations/${token}`, { decision: "confirmed" });
  }
  await linkFor(3);
  for (const tokenId of [funding, funded, repaid, open]) {
    // The admin approves on chain, then the decision is recorded from the mined transaction; without a buyer
    // confirmation it needs a reason.
    const txHash = await send(admin, {
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "approveInvoice",
      args: [tokenId],
    });
    await api(adminCookie, "POST", `/api/admin/invoices/${tokenId}/approval`, {
      txHash,
      ...(tokenId === open
        ? { reason: "Long-standing buyer of this cooperative; delivery note checked" }
        : {}),
    });
  }
  const rejectionReason = "The buyer could not be verified";
  await api(adminCookie, "POST", `/api/admin/invoices/${rejected}/rejection`, {
    txHash: await send(admin, {
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "rejectInvoice",
      args: [rejected, rejectionReason],
    }),
    reason: rejectionReason,
  });

  const invest = async (investor: LocalAccount, tokenId: bigint, amount: bigint, cookie: string) => {
    await send(investor, {
      address: deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "approve",
      args: [deployment.farmNft, amount],
    });
    const txHash = await send(investor, {
      address: deployment.farmNft,
      abi: farmNftAbi,
      functionName: "invest",
      args: [tokenId, amount],
    });
    await api(cookie, "POST", "/api/crops/sync", { txHash });
  };
  const investorCookies: string[] = [];
  for (const investor of investors) {
    await send(investor, {
      address: deployment.goldFaucet,
      abi: goldFaucetAbi,
      functionName: "claim",
      args: [],
    });
    investorCookies.push(await signIn(apiUrl, origin, deployment.chainId, investor));
  }
  // Each demo investor verifies through the API and an admin approves it: the approval writes its credential on chain
  // (the limit: its share of the income at the deployment's GOLD/Rupiah rate), as for any investor.
  await verifyDemoInvestors(
    { apiUrl, origin, adminCookie },
    investorCookies.map((cookie, index) => ({ cookie, ...demoCredentials[index]! })),
  );
  const [first, second] = investors;
  const [firstCookie, secondCookie] = investorCookies as [string, string];
  await invest(first, funding, parseGold("2000"), firstCookie);
  await invest(second, funding, parseGold("500"), secondCookie);
  await invest(first, funded, parseGold("1000"), firstCookie);
  await invest(second, funded, parseGold("2000"), secondCookie);
  await invest(first, repaid, parseGold("1200"), firstCookie);
  await invest(second, repaid, parseGold("800"), secondCookie);

  await send(farmer, { address: deployment.goldFaucet, abi: goldFaucetAbi, functionName: "claim", args: [] });
  const due = await publicClient.readContract({
    address: deployment.farmNft,
    abi: farmNftAbi,
    functionName: "amountDue",
    args: [repaid],
  });
  await send(farmer, {
    address: deployment.goldToken,
    abi: goldTokenAbi,
    functionName: "approve",
    args: [deployment.farmNft, due],
  });
  await send(farmer, {
    address: deployment.farmNft,
    abi: farmNftAbi,
    functionName: "repay",
    args: [repaid, due],
  });

  const sunflower: Avatar = "sunflower";
  const tractor: Avatar = "tractor";
  await api(firstCookie, "PATCH", "/api/user/profile", { displayName: "sari_tani", avatar: sunflower });
  await api(secondCookie, "PATCH", "/api/user/profile", { displayName: "budi-invest", avatar: tractor });
  // A neighbour to visit and help: budi-invest's garden is public (decision 0063); sari_tani's stays private.
  await api(secondCookie, "PUT", "/api/game/garden/visibility", { public: true });
}

function demoFarmerProfile() {
  return {
    personal: {
      fullName: "Siti Rahmawati",
      nik: "3273014507850002",
      email: "siti.rahmawati@example.co.id",
      phone: "+6281234567890",
      dateOfBirth: "1985-07-05",
      address: {
        street: "Jl. Raya Lembang No. 12",
        province: "Jawa Barat",
        city: "Bandung Barat",
        district: "Lembang",
        postalCode: "40391",
      },
    },
    business: {
      businessName: "Tani Makmur Lembang",
      businessType: "cooperative",
      npwp: "01.234.567.8-901.000",
      bankName: "BRI",
      bankAccountNumber: "002301000123567",
      bankAccountHolder: "Koperasi Tani Makmur",
      crops: ["rice", "chili", "coffee"],
      landAreaHectares: 12.5,
      yearsFarming: 14,
    },
  };
}
