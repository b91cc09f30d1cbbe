import { createHash } from "node:crypto";
import { buyerConfirmationTypedData, type ConfirmationView } from "@farm/core";
import { anvilKeys, type SmtpSink, startSmtpSink } from "@farm/testkit";
import { count } from "drizzle-orm";
import type { Hex, LocalAccount } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, expect } from "vitest";
import { invoices } from "../src/db/schema";
import { signInFarmer, startChainApp } from "./chain-app";
import { type FarmChain, startFarmChain } from "./chain-fixture";
import { type FilePart, invoiceDocument, invoiceForm, invoiceRequest } from "./fixtures";
import { type BackendKind, randomAccount, signIn, type TestApp } from "./helpers";
import { fastDelivery, linkIn, mailTo } from "./notifications/notify-fixture";

export const buyerContact = "finance@pangansejahtera.co.id";
export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
export const invoiceTerms = (invoiceNumber: string) => invoiceRequest(invoiceNumber, { buyerContact });

/** The chain, the app and its wallets an evidence suite shares; filled in by the suite's beforeAll. */
export interface EvidenceApp {
  farm: FarmChain;
  /** The SMTP server the app e-mails buyers' links to: the only place a test reads a link from. */
  sink: SmtpSink;
  t: TestApp;
  /** The invoices' farmer's wallet. */
  farmer: LocalAccount;
  farmerCookie: string;
  adminCookie: string;
  strangerCookie: string;
}

/**
 * Starts anvil and the app for a suite of invoice evidence and buyer confirmation tests (a farmer signed in, the
 * admin of anvil key 0, a stranger), and gives the requests those tests make.
 */
export function evidenceApp(kind: BackendKind, env: Record<string, string> = {}) {
  const e = {} as EvidenceApp;
  let numbers = 0;

  beforeAll(async () => {
    e.farm = await startFarmChain();
    e.sink = await startSmtpSink();
    e.t = await startChainApp(e.farm, kind, { ...fastDelivery, SMTP_URL: e.sink.url, ...env });
    e.farmer = randomAccount();
    ({ cookie: e.farmerCookie } = await signInFarmer(e.t, e.farmer));
    // Anvil key 0 holds ADMIN_ROLE on FarmNFT: the API reads admins from the chain.
    e.adminCookie = await signIn(e.t.app, privateKeyToAccount(anvilKeys[0]));
    e.strangerCookie = await signIn(e.t.app, randomAccount());
  }, 180_000);

  afterAll(async () => {
    await e.t?.close();
    await e.sink?.stop();
    await e.farm?.stop();
  });

  const inject = (method: "GET" | "POST", url: string, cookie = "", payload?: object) =>
    e.t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

  const submit = (files: FilePart[], terms: object = invoiceTerms(`EV-${++numbers}`), cookie?: string) => {
    const form = invoiceForm(terms, files);
    return e.t.app.inject({
      method: "POST",
      url: "/api/invoices",
      headers: { cookie: cookie ?? e.farmerCookie, ...form.headers },
      payload: form.payload,
    });
  };

  const numberOf = new Map<bigint, string>();
  const linksSent = new Map<bigint, number>();

  async function submitted(files: FilePart[] = [invoiceDocument()]): Promise<bigint> {
    const invoiceNumber = `EV-${++numbers}`;
    const reply = await submit(files, invoiceTerms(invoiceNumber));
    expect(reply.statusCode, reply.body).toBe(201);
    const tokenId = BigInt((reply.json() as { tokenId: string }).tokenId);
    numberOf.set(tokenId, invoiceNumber);
    return tokenId;
  }

  /**
   * The farmer has the platform e-mail the buyer a link; the farmer's answer names only the masked address. The token
   * is read from the message the buyer receives at the SMTP sink.
   */
  async function link(tokenId: bigint): Promise<string> {
    const reply = await inject("POST", `/api/invoices/${tokenId}/confirmation-link`, e.farmerCookie);
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json()).toEqual({
      sentTo: "f*****e@pangansejahtera.co.id",
      emailDomain: "pangansejahtera.co.id",
      freeMail: false,
      expiresAt: expect.any(String),
    });
    const sent = (linksSent.get(tokenId) ?? 0) + 1;
    linksSent.set(tokenId, sent);
    const subject = `invoice ${numberOf.get(tokenId)} from`;
    const mails = await mailTo(e.sink, buyerContact, subject, sent);
    const token = new URL(linkIn(mails[sent - 1]!)).pathname.split("/").pop()!;
    expect(reply.body).not.toContain(token);
    return token;
  }

  const view = async (token: string) => {
    const reply = await inject("GET", `/api/confirmations/${token}`);
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as ConfirmationView;
  };

  async function signedDecision(
    token: string,
    signer: LocalAccount,
    decision: "confirmed" | "disputed",
    claimed = signer.address,
  ) {
    const facts = await view(token);
    const typedData = buyerConfirmationTypedData({
      chainId: facts.signing!.chainId,
      farmNft: facts.signing!.verifyingContract as Hex,
      tokenId: BigInt(facts.tokenId),
      invoiceNumber: facts.invoiceNumber,
      amount: BigInt(facts.amount),
      dueDate: facts.dueDate,
      documentHash: facts.documentHash as Hex,
      decision,
    });
    const signature = await signer.signTypedData(typedData);
    return { decision, signature: { signer: claimed, signature }, typedData };
  }

  const invoiceRows = async () => (await e.t.app.db.select({ n: count() }).from(invoices))[0]!.n;

  return { e, inject, submit, submitted, link, view, signedDecision, invoiceRows };
}
