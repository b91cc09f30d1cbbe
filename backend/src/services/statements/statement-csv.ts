import { goldToSen, type Statement, wibDateTime } from "@farm/core";
import { csvOf, goldDecimal } from "../activity/activity-csv";

const header = [
  "time_wib",
  "kind",
  "token_id",
  "shares",
  "principal_base_units",
  "principal_gold",
  "yield_base_units",
  "yield_gold",
  "late_fee_base_units",
  "late_fee_gold",
  "rupiah",
  "tx_hash",
  "market_fee_base_units",
  "market_fee_gold",
];

/** Plain decimal Rupiah with two decimals (spreadsheet-safe, no grouping): "16000.00"; empty without a rate. */
function rupiahDecimal(baseUnits: bigint, rupiahPerGold: bigint | null): string {
  if (rupiahPerGold === null) return "";
  const sen = goldToSen(baseUnits, rupiahPerGold);
  const abs = sen < 0n ? -sen : sen;
  return `${sen < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * The statement as one CSV table: the opening positions, every entry (WIB times), the closing positions, then one row
 * per total; amounts in base units, in GOLD and (principal, yield and late fee) in Rupiah at the statement's rate.
 */
export function statementToCsv(statement: Statement): string {
  const rate = statement.rupiahPerGold === null ? null : BigInt(statement.rupiahPerGold);
  const money = (principal: string, yieldAmount: string, lateFee = "0") => [
    principal,
    goldDecimal(principal),
    yieldAmount,
    goldDecimal(yieldAmount),
    lateFee,
    goldDecimal(lateFee),
    rupiahDecimal(BigInt(principal) + BigInt(yieldAmount) + BigInt(lateFee), rate),
  ];
  const position = (kind: string, at: string) => (p: Statement["opening"][number]) => [
    at,
    kind,
    p.tokenId,
    p.shares,
    ...money(p.shares, "0"),
    null,
  ];
  const startTime = wibDateTime(new Date(statement.periodStart));
  const endTime = wibDateTime(new Date(statement.periodEnd));
  return csvOf(header, [
    ...statement.opening.map(position("opening_position", startTime)),
    ...statement.entries.map((e) => [
      wibDateTime(new Date(e.at)),
      e.kind,
      e.tokenId,
      e.shares,
      ...money(e.principal, e.yield, e.lateFee),
      e.txHash,
      e.fee,
      goldDecimal(e.fee),
    ]),
    ...statement.closing.map(position("closing_position", endTime)),
    ...Object.entries(statement.totals).map(([name, amount]) => [
      endTime,
      `total_${name}`,
      null,
      null,
      ...money(amount, "0"),
      null,
    ]),
  ]);
}
