import { describe, expect, it } from "vitest";
import type { ChainEvent } from "./events";
import { applyInvoiceEvent, type InvoiceState } from "./invoice-state";

const farmer = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
let logIndex = 0;
const event = (eventName: string, blockNumber: number, args: Record<string, unknown>): ChainEvent => ({
  id: `0xabc:${logIndex}`,
  blockNumber,
  blockHash: "0x01",
  blockTime: new Date(0),
  txHash: "0xabc",
  logIndex: logIndex++,
  contract: "farmNft",
  eventName,
  args: { tokenId: 1n, ...args },
});

const fold = (events: ChainEvent[]) =>
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

  it("reads uint arguments stored as decimal strings, as replayed from chain_events", () => {
    const state = fold([
      submitted(),
      event("Invested", 12, { investor: farmer, amount: "7", reservedYield: "0", totalFunded: "7" }),
    ]);
    expect(state?.funded).toBe(7n);
  });

  it("cannot fold events of an invoice whose submission it never saw", () => {
    expect(applyInvoiceEvent(undefined, event("InvoiceApproved", 11, { admin: farmer }))).toBeUndefined();
  });
});
