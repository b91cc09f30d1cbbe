import { describe, expect, it } from "vitest";
import { reviveEvent } from "./decode";
import { argsToJson } from "./events";
import { applyInvoiceEvent, type InvoiceEvent, type InvoiceState } from "./invoice-state";

const farmer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
let logIndex = 0;
/** A FarmNFT event as the decoder gives it; fixtures name only the arguments the fold reads. */
const event = (
  eventName: InvoiceEvent["eventName"],
  blockNumber: number,
  args: Record<string, unknown>,
): InvoiceEvent =>
  ({
    id: `0xabc:${logIndex}`,
    blockNumber,
    blockHash: "0x01",
    blockTime: new Date(0),
    txHash: "0xabc",
    logIndex: logIndex++,
    contract: "farmNft",
    eventName,
    args: { tokenId: 1n, ...args },
  }) as unknown as InvoiceEvent;

const fold = (events: InvoiceEvent[]) =>
  events.reduce<InvoiceState | undefined>((state, next) => applyInvoiceEvent(state, next), undefined);

const submitted = () =>
  event("InvoiceSubmitted", 10, {
    farmer,
    amount: 1000n,
    yieldBps: 1000,
    tenorDays: 30,
    fundingDeadline: 1_800_000_000n,
    referenceHash: "0x11",
    documentHash: "0x22",
  });

describe("applyInvoiceEvent", () => {
  it("follows submission, approval, funding and full repayment", () => {
    const state = fold([
      submitted(),
      event("InvoiceApproved", 11, { admin: farmer }),
      event("Invested", 12, { investor: farmer, amount: 1000n, reservedYield: 100n, totalFunded: 1000n }),
      event("InvoiceFunded", 12, {
        farmer,
        principal: 1000n,
        fundedAt: 1_700_000_000n,
        maturity: 1_702_592_000n,
      }),
      event("Repaid", 13, { payer: farmer, amount: 1100n, totalRepaid: 1100n, fullyRepaid: true }),
    ]);
    expect(state).toMatchObject({ status: "repaid", funded: 1000n, repaid: 1100n, updatedBlock: 13 });
    expect(state?.maturity?.toISOString()).toBe("2023-12-14T22:13:20.000Z");
  });

  it("keeps a defaulted invoice defaulted when a later payment completes it (a recovery)", () => {
    const state = fold([
      submitted(),
      event("InvoiceApproved", 11, { admin: farmer }),
      event("InvoiceFunded", 12, { farmer, principal: 1000n, fundedAt: 1n, maturity: 2n }),
      event("InvoiceDefaulted", 13, { repaidSoFar: 0n }),
      event("Repaid", 14, { payer: farmer, amount: 1100n, totalRepaid: 1100n, fullyRepaid: true }),
    ]);
    expect(state?.status).toBe("defaulted");
  });

  it("ignores an event at or before the last one folded in, so a re-delivered block cannot move the state back", () => {
    const invested = event("Invested", 12, {
      investor: farmer,
      amount: 400n,
      reservedYield: 40n,
      totalFunded: 400n,
    });
    const later = event("Invested", 15, {
      investor: farmer,
      amount: 100n,
      reservedYield: 10n,
      totalFunded: 500n,
    });
    const state = fold([submitted(), invested, later, invested]);
    expect(state).toMatchObject({ funded: 500n, updatedBlock: 15 });
  });

  it("folds events revived from their chain_events JSON (uint values stored as decimal strings) like fresh ones", () => {
    const stored = [
      submitted(),
      event("Invested", 12, { investor: farmer, amount: 7n, totalFunded: 7n }),
      event("InvoiceFunded", 12, { farmer, principal: 7n, fundedAt: 1n, maturity: 2n, graceDays: 30 }),
    ];
    const revived = stored.map((e) => {
      const json = JSON.parse(JSON.stringify(argsToJson(e.args)));
      return reviveEvent(e, e.contract, e.eventName, json) as InvoiceEvent;
    });
    expect(revived[1]?.args).toMatchObject({ amount: 7n, totalFunded: 7n });
    expect(revived[2]?.args).toMatchObject({ graceDays: 30, fundedAt: 1n });
    expect(fold(revived)).toEqual(fold(stored));
    expect(fold(revived)?.funded).toBe(7n);
  });

  it("cannot fold events of an invoice whose submission it never saw", () => {
    expect(applyInvoiceEvent(undefined, event("InvoiceApproved", 11, { admin: farmer }))).toBeUndefined();
  });

  it("keeps when a default may be settled, and a withdrawal's reason on the cancelled invoice", () => {
    const funded = [
      submitted(),
      event("InvoiceApproved", 11, { admin: farmer }),
      event("InvoiceFunded", 12, {
        farmer,
        principal: 1000n,
        fundedAt: 1_700_000_000n,
        maturity: 1_702_592_000n,
      }),
    ];
    const defaulted = fold([
      ...funded,
      event("InvoiceDefaulted", 20, { repaidSoFar: 0n, settleableAt: 1_710_000_000n }),
    ]);
    expect(defaulted).toMatchObject({ status: "defaulted", settleableAt: new Date(1_710_000_000_000) });
    // An InvoiceDefaulted stored before the recovery window existed has no settleableAt.
    expect(fold([...funded, event("InvoiceDefaulted", 20, { repaidSoFar: 0n })])?.settleableAt).toBeNull();
    const withdrawn = fold([
      submitted(),
      event("InvoiceApproved", 11, { admin: farmer }),
      event("InvoiceCancelled", 14, { releasedYield: 100n }),
      event("InvoiceWithdrawn", 14, { admin: farmer, releasedYield: 100n, reason: "buyer disputed" }),
    ]);
    expect(withdrawn).toMatchObject({
      status: "cancelled",
      withdrawalReason: "buyer disputed",
      updatedBlock: 14,
    });
  });
});
