import { farmNftAbi, goldTokenAbi, waitForReceipt } from "@farm/contracts";
import { type Statement, wibDateTime } from "@farm/core";
import { anvilKeys } from "@farm/testkit";
import type { Address, Hash } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexNow, startChainApp } from "./chain-app";
import { type FarmChain, FarmDriver, gold, startFarmChain, type Wallet } from "./chain-fixture";
import { signIn, type TestApp, testBackends } from "./helpers";
import { pdfText } from "./pdf-text";

/**
 * A statement reconciled with the chain on anvil: one investor with every kind of movement (investments, a transfer
 * each way, a harvest, a refund, a settlement claim with a loss, a position still held) and the farmer of its invoices.
 */
describe.each(testBackends)("statements against the chain on $name", ({ kind }) => {
  let farm: FarmChain;
  let t: TestApp;
  let driver: FarmDriver;
  const investor = () => farm.wallet(anvilKeys[2]);
  const other = () => farm.wallet(anvilKeys[3]);
  const farmer = () => farm.wallet(anvilKeys[4]);
  let cookie: string;
  let farmerCookie: string;
  let goldBefore: bigint;
  let firstDay: string;
  let lastDay: string;
  const tokens: bigint[] = [];
  let lateToken = 0n;

  const send = async (wallet: Wallet, functionName: string, args: unknown[]) => {
    const hash = (await wallet.writeContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName,
      args,
      gas: 1_000_000n,
    } as never)) as Hash;
    const receipt = await waitForReceipt(farm.publicClient, { hash });
    if (receipt.status !== "success") throw new Error(`${functionName} reverted`);
  };
  const goldOf = (address: Address) =>
    farm.publicClient.readContract({
      address: farm.deployment.goldToken,
      abi: goldTokenAbi,
      functionName: "balanceOf",
      args: [address],
    });
  const wibToday = async () =>
    wibDateTime(new Date(Number((await farm.publicClient.getBlock()).timestamp) * 1000)).slice(0, 10);

  beforeAll(async () => {
    farm = await startFarmChain();
    driver = new FarmDriver(farm);
    t = await startChainApp(farm, kind);
    const me = investor().account.address;
    await driver.fundGold(investor(), gold(2_000n));
    // Shares go only to verified wallets (decision 0049): this investor invests and receives a transfer directly.
    await driver.verify(investor());
    goldBefore = await goldOf(me);
    firstDay = await wibToday();
    // 2 % for 30 days: within a daily fee cap of 0.067 %.
    const open = (amount: bigint) => driver.openInvoice(farmer().account.address, amount, { yieldBps: 200 });
    const [repaid, cancelled, defaulted, held, late] = [
      await open(gold(1_000n)),
      await open(gold(1_000n)),
      await open(gold(500n)),
      await open(gold(1_000n)),
      await open(gold(100n)),
    ];
    tokens.push(repaid, cancelled, defaulted, held);
    lateToken = late;
    await send(investor(), "invest", [repaid, gold(600n)]);
    await driver.invest(other(), repaid, gold(400n));
    await send(investor(), "safeTransferFrom", [me, other().account.address, repaid, gold(100n), "0x"]);
    await send(other(), "safeTransferFrom", [other().account.address, me, repaid, gold(50n), "0x"]);
    await send(investor(), "invest", [cancelled, gold(300n)]);
    await send(investor(), "invest", [defaulted, gold(500n)]);
    await send(investor(), "invest", [held, gold(200n)]);
    await driver.invest(other(), late, gold(100n));
    await driver.passDays(15);
    await send(investor(), "cancelExpired", [cancelled]);
    await send(investor(), "refund", [cancelled]);
    // Repaid the day before maturity (no late fee), harvested after it.
    await driver.passDays(14);
    await driver.repayInFull(farmer(), repaid);
    await driver.passDays(2);
    await send(investor(), "harvest", [repaid]);
    // The small invoice is repaid 11 whole days after its maturity: principal, fee and a late fee in one payment.
    await driver.passDays(10);
    await driver.repayInFull(farmer(), late);
    await driver.passDays(171);
    await send(farm.admin, "markDefaulted", [defaulted]);
    await driver.fundGold(farmer(), gold(200n));
    await send(farmer(), "repay", [defaulted, gold(200n)]);
    await driver.passDays(366);
    await send(farm.admin, "settleDefault", [defaulted]);
    await send(investor(), "harvest", [defaulted]);
    lastDay = await wibToday();
    await indexNow(t);
    cookie = await signIn(t.app, privateKeyToAccount(anvilKeys[2]));
    farmerCookie = await signIn(t.app, privateKeyToAccount(anvilKeys[4]));
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await farm?.stop();
  });

  const statementOf = async (query: string, who = cookie) => {
    const reply = await t.app.inject({
      method: "GET",
      url: `/api/user/statement?${query}`,
      headers: { cookie: who },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    return reply.json() as Statement;
  };

  it("reconciles the investor's totals with its GOLD balance and its closing positions with its shares", async () => {
    const statement = await statementOf(`from=${firstDay}&to=${lastDay}`);
    const { totals } = statement;
    const cashIn =
      BigInt(totals.harvestedPrincipal) +
      BigInt(totals.yieldEarned) +
      BigInt(totals.refunded) +
      BigInt(totals.settlementPrincipal) +
      BigInt(totals.marketReceived);
    const cashOut = BigInt(totals.invested) + BigInt(totals.marketPaid);
    expect(cashIn - cashOut).toBe((await goldOf(investor().account.address)) - goldBefore);
    expect(totals).toMatchObject({
      invested: gold(1_600n).toString(),
      refunded: gold(300n).toString(),
      transferredOut: gold(100n).toString(),
      transferredIn: gold(50n).toString(),
      harvestedPrincipal: gold(550n).toString(),
      settlementPrincipal: gold(200n).toString(),
      principalLost: gold(300n).toString(),
      openingPrincipal: "0",
    });
    for (const token of tokens) {
      const shares = await farm.publicClient.readContract({
        address: farm.deployment.farmNft,
        abi: farmNftAbi,
        functionName: "balanceOf",
        args: [investor().account.address, token],
      });
      const closing = statement.closing.find((p) => p.tokenId === token.toString());
      expect(BigInt(closing?.shares ?? 0n)).toBe(shares);
    }
    expect(statement.entries.map((e) => e.kind)).toEqual([
      "invested",
      "transferOut",
      "transferIn",
      "invested",
      "invested",
      "invested",
      "refunded",
      "harvested",
      "settlementClaim",
    ]);
  });

  it("opens a later period with the positions held then and lists only that period's movements", async () => {
    const statement = await statementOf(`from=${lastDay}&to=${lastDay}`);
    expect(statement.entries.map((e) => e.kind)).toEqual(["settlementClaim"]);
    expect(statement.opening).toEqual([
      { tokenId: tokens[2]?.toString(), shares: gold(500n).toString() },
      { tokenId: tokens[3]?.toString(), shares: gold(200n).toString() },
    ]);
    expect(statement.closing).toEqual([{ tokenId: tokens[3]?.toString(), shares: gold(200n).toString() }]);
  });

  it("gives the farmer its invoices: principal received, repaid, fees and late fees paid, matching what it paid in", async () => {
    const statement = await statementOf(`from=${firstDay}&to=${lastDay}&as=farmer`, farmerCookie);
    // 11 whole days late at 2 % for 30 days: 100 GOLD * 200 * 11 / (30 * 10,000), rounded down once.
    const lateFee = (gold(100n) * 200n * 11n) / (30n * 10_000n);
    expect(statement.totals).toMatchObject({
      fundedPrincipal: gold(1_600n).toString(),
      repaidPrincipal: gold(1_300n).toString(),
      feesPaid: gold(22n).toString(),
      lateFeesPaid: lateFee.toString(),
      closingPrincipal: gold(300n).toString(),
    });
    const lateRepayment = statement.entries.find(
      (e) => e.kind === "repaid" && e.tokenId === lateToken.toString(),
    );
    expect(lateRepayment).toMatchObject({
      principal: gold(100n).toString(),
      yield: gold(2n).toString(),
      lateFee: lateFee.toString(),
    });
    // What the chain says the farmer paid in, to the base unit: principal + fee + late fee.
    const onChain = await farm.publicClient.readContract({
      address: farm.deployment.farmNft,
      abi: farmNftAbi,
      functionName: "getInvoice",
      args: [lateToken],
    });
    expect(gold(102n) + lateFee).toBe(onChain.repaid);
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/user/statement.pdf?from=${firstDay}&to=${lastDay}&as=farmer`,
      headers: { cookie: farmerCookie },
    });
    expect(await pdfText(pdf.rawPayload)).toContain("Late fees paid");
    // In Indonesian a repayment is a payment (not "paid off"), the ends are principal owed, the period reads id's way.
    const inIndonesian = await t.app.inject({
      method: "GET",
      url: `/api/user/statement.pdf?from=${firstDay}&to=${lastDay}&as=farmer&lang=id`,
      headers: { cookie: farmerCookie },
    });
    const text = await pdfText(inIndonesian.rawPayload);
    expect(text).toContain("Pembayaran");
    expect(text).not.toContain("Dilunasi");
    expect(text).toContain("Pokok di akhir");
    const day = (iso: string) =>
      new Intl.DateTimeFormat("id", { dateStyle: "medium", timeZone: "UTC" }).format(
        new Date(`${iso}T00:00:00Z`),
      );
    expect(text).toContain(`${day(firstDay)} - ${day(lastDay)}`);
  });

  it("downloads the same statement as CSV and as a PDF whose text holds the totals and a chart", async () => {
    const query = `from=${firstDay}&to=${lastDay}`;
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/user/statement?${query}&format=csv`,
      headers: { cookie },
    });
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trim().split("\r\n");
    expect(lines[0]).toContain("time_wib,kind,token_id");
    expect(lines.filter((l) => l.split(",")[1] === "invested")).toHaveLength(4);
    expect(lines.find((l) => l.includes("total_yieldEarned"))).toContain(",11,");
    const pdf = await t.app.inject({
      method: "GET",
      url: `/api/user/statement.pdf?${query}&lang=id`,
      headers: { cookie },
    });
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Laporan investor Farm");
    expect(text).toContain("Imbal hasil diperoleh");
    expect(text).toContain("Rp176.000"); // the 11 GOLD yield (550 shares at 2 %) at 16,000 Rp
    expect(text).toContain("Pokok yang dimiliki selama periode (GOLD)");
    expect(text).toContain("Klaim penyelesaian");
  });

  it("refuses a reversed, malformed or too long range and a visitor with 4xx", async () => {
    const ask = (query: string, who: string | null = cookie) =>
      t.app.inject({
        method: "GET",
        url: `/api/user/statement?${query}`,
        headers: who ? { cookie: who } : {},
      });
    expect((await ask("from=2027-02-01&to=2027-01-01")).statusCode).toBe(400);
    expect((await ask("from=2027-02-30&to=2027-03-01")).statusCode).toBe(400);
    expect((await ask("from=2010-01-01&to=2027-01-01")).statusCode).toBe(400);
    expect((await ask("from=yesterday&to=2027-01-01")).statusCode).toBe(400);
    expect((await ask("from=2027-01-01&to=2027-01-02", null)).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: "/api/user/statement.pdf?from=2027-01-02&to=2027-01-01",
          headers: { cookie },
        })
      ).statusCode,
    ).toBe(400);
  });
});
