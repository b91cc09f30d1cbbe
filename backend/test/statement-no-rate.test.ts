import type { Statement } from "@farm/core";
import { describe, expect, it } from "vitest";
import { statementToCsv } from "../src/services/statements/statement-csv";
import { statementToPdf } from "../src/services/statements/statement-pdf";
import { pdfText } from "./pdf-text";

const gold = (whole: bigint) => (whole * 10n ** 18n).toString();
const zero = "0";

/** One harvest in a statement of a deployment with or without a Rupiah rate. */
function statement(rupiahPerGold: string | null): Statement {
  return {
    as: "investor",
    address: "0x00000000000000000000000000000000000000aa",
    from: "2027-01-01",
    to: "2027-01-31",
    periodStart: "2026-12-31T17:00:00.000Z",
    periodEnd: "2027-01-31T17:00:00.000Z",
    rupiahPerGold,
    opening: [{ tokenId: "1", shares: gold(100n) }],
    closing: [],
    entries: [
      {
        at: "2027-01-10T03:00:00.000Z",
        kind: "harvested",
        tokenId: "1",
        shares: gold(100n),
        principal: gold(100n),
        yield: gold(2n),
        lateFee: zero,
        fee: zero,
        txHash: `0x${"ab".repeat(32)}`,
      },
    ],
    totals: {
      invested: zero,
      harvestedPrincipal: gold(100n),
      yieldEarned: gold(2n),
      refunded: zero,
      settlementPrincipal: zero,
      transferredIn: zero,
      transferredOut: zero,
      sharesBought: zero,
      sharesSold: zero,
      marketPaid: zero,
      marketReceived: zero,
      marketFees: zero,
      principalLost: zero,
      openingPrincipal: gold(100n),
      closingPrincipal: zero,
      fundedPrincipal: zero,
      repaidPrincipal: zero,
      feesPaid: zero,
      lateFeesPaid: zero,
    },
  };
}

describe("a statement's Rupiah follows the deployment's rate", () => {
  it("shows Rupiah at the configured rate", async () => {
    const csv = statementToCsv(statement("16000"));
    expect(csv).toContain(",1632000.00,"); // 102 GOLD at Rp16,000
    expect(await pdfText(Buffer.from(await statementToPdf(statement("16000"), "id")))).toContain(
      "Rp1.632.000",
    );
  });

  it("shows no Rupiah anywhere when no rate is configured", async () => {
    const csv = statementToCsv(statement(null));
    expect(csv).not.toContain("1632000");
    const lines = csv.split("\r\n");
    const rupiahColumn = (lines[0] ?? "").split(",").indexOf("rupiah");
    expect(rupiahColumn).toBeGreaterThan(0);
    const harvest = lines.find((line) => line.includes("harvested")) ?? "";
    expect(harvest.split(",")[rupiahColumn]).toBe("");
    const text = await pdfText(Buffer.from(await statementToPdf(statement(null), "en")));
    expect(text).toContain("Farm");
    expect(text).not.toMatch(/Rp\d|Rupiah per GOLD/);
  });
});
