import {
  type AmountStyle,
  formatGoldAsRupiah,
  formatNotificationAmount,
  formatNotificationDate,
  ONE_GOLD,
  type Statement,
  wibDateTime,
} from "@farm/core";
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { statementWords } from "./statement-words";

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const ink = rgb(0.12, 0.16, 0.12);
const leaf = rgb(0.18, 0.49, 0.2);
const muted = rgb(0.45, 0.45, 0.45);

const goldText = (baseUnits: bigint | string, style: AmountStyle) =>
  formatNotificationAmount(BigInt(baseUnits).toString(), style);

/** A statement's day ("2026-11-01") in the page's language: en "Nov 1, 2026", id "1 Nov 2026". */
const dayText = (isoDay: string, style: AmountStyle) => formatNotificationDate(isoDay, style);

interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
}

function line(
  pen: Pen,
  text: string,
  options: { size?: number; bold?: boolean; x?: number; color?: typeof ink } = {},
) {
  const size = options.size ?? 9;
  if (pen.y < MARGIN + size) {
    pen.page = pen.doc.addPage(A4);
    pen.y = A4[1] - MARGIN;
  }
  pen.page.drawText(text, {
    x: options.x ?? MARGIN,
    y: pen.y,
    size,
    font: options.bold ? pen.bold : pen.font,
    color: options.color ?? ink,
  });
}

function row(pen: Pen, cells: string[], widths: number[], bold = false) {
  let x = MARGIN;
  cells.forEach((cell, n) => {
    line(pen, cell, { x, bold });
    x += widths[n] ?? 80;
  });
  pen.y -= 13;
}

/** The position (principal held or owed) after each entry, from the opening to the closing figure. */
function series(statement: Statement): { at: number; value: bigint }[] {
  let value = BigInt(statement.totals.openingPrincipal);
  const points = [{ at: Date.parse(statement.periodStart), value }];
  for (const entry of statement.entries) {
    const moved = BigInt(entry.kind === "repaid" || entry.kind === "funded" ? entry.principal : entry.shares);
    value += ["invested", "transferIn", "marketBuy", "funded"].includes(entry.kind) ? moved : -moved;
    points.push({ at: Date.parse(entry.at), value });
  }
  points.push({ at: Date.parse(statement.periodEnd), value: BigInt(statement.totals.closingPrincipal) });
  return points;
}

/** A step chart of the portfolio over the period with labelled axes (GOLD up, WIB dates across) and its text. */
function chart(pen: Pen, statement: Statement, style: AmountStyle) {
  const words = statementWords[style];
  const points = series(statement);
  const width = A4[0] - 2 * MARGIN - 60;
  const height = 110;
  line(pen, words.chart[statement.as], { bold: true, size: 11 });
  pen.y -= 14 + height;
  const left = MARGIN + 60;
  const bottom = pen.y;
  // bigint has no Math.max.
  let top = 0n;
  for (const point of points) if (point.value > top) top = point.value;
  const scale = top === 0n ? 1n : top;
  const t0 = points[0]?.at ?? 0;
  const span = Math.max(1, (points.at(-1)?.at ?? t0) - t0);
  const xOf = (at: number) => left + ((at - t0) / span) * width;
  // Heights in thousandths of the top value: bigint until the last step, so no amount passes through a float.
  const yOf = (value: bigint) => bottom + (Number((value * 1000n) / scale) / 1000) * height;
  pen.page.drawLine({ start: { x: left, y: bottom }, end: { x: left + width, y: bottom }, color: muted });
  pen.page.drawLine({ start: { x: left, y: bottom }, end: { x: left, y: bottom + height }, color: muted });
  for (let n = 1; n < points.length; n += 1) {
    const from = points[n - 1];
    const to = points[n];
    if (!from || !to) continue;
    pen.page.drawLine({
      start: { x: xOf(from.at), y: yOf(from.value) },
      end: { x: xOf(to.at), y: yOf(from.value) },
      color: leaf,
      thickness: 1.5,
    });
    pen.page.drawLine({
      start: { x: xOf(to.at), y: yOf(from.value) },
      end: { x: xOf(to.at), y: yOf(to.value) },
      color: leaf,
      thickness: 1.5,
    });
  }
  const small = { size: 7, color: muted };
  pen.page.drawText(goldText(top, style), { x: MARGIN, y: bottom + height - 3, font: pen.font, ...small });
  pen.page.drawText("0", { x: left - 10, y: bottom - 3, font: pen.font, ...small });
  pen.page.drawText(dayText(statement.from, style), { x: left, y: bottom - 11, font: pen.font, ...small });
  pen.page.drawText(dayText(statement.to, style), {
    x: left + width - 40,
    y: bottom - 11,
    font: pen.font,
    ...small,
  });
  pen.y -= 26;
  line(
    pen,
    words.chartText
      .replace("{start}", goldText(statement.totals.openingPrincipal, style))
      .replace("{end}", goldText(statement.totals.closingPrincipal, style))
      .replace("{count}", String(statement.entries.length)),
    { color: muted },
  );
  pen.y -= 20;
}

/** The statement as a PDF (pdf-lib, standard fonts): header, totals in GOLD and Rupiah, the chart, every entry. */
export async function statementToPdf(statement: Statement, style: AmountStyle): Promise<Uint8Array> {
  const words = statementWords[style];
  const rate = statement.rupiahPerGold === null ? null : BigInt(statement.rupiahPerGold);
  // Without a configured rate the PDF shows no Rupiah at all rather than a made-up one.
  const rupiah = (amount: bigint) => (rate === null ? "" : formatGoldAsRupiah(amount, rate, style));
  const doc = await PDFDocument.create();
  doc.setTitle(`${words.title[statement.as]} ${statement.from} - ${statement.to}`);
  doc.setCreator("Farm");
  // A fixed date keeps the same statement byte-identical whenever it is downloaded.
  doc.setCreationDate(new Date(statement.periodEnd));
  doc.setModificationDate(new Date(statement.periodEnd));
  const pen: Pen = {
    doc,
    page: doc.addPage(A4),
    y: A4[1] - MARGIN,
    font: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  line(pen, words.title[statement.as], { size: 16, bold: true });
  pen.y -= 22;
  for (const [label, value] of [
    [words.wallet, statement.address],
    [words.period, `${dayText(statement.from, style)} - ${dayText(statement.to, style)}`],
    ...(rate === null ? [] : [[words.rate, rupiah(ONE_GOLD)] as const]),
  ] as const) {
    row(pen, [label, value], [130, 360]);
  }
  pen.y -= 10;
  line(pen, words.totals, { bold: true, size: 11 });
  pen.y -= 15;
  const totalNames =
    statement.as === "investor"
      ? ([
          "openingPrincipal",
          "invested",
          "harvestedPrincipal",
          "yieldEarned",
          "refunded",
          "settlementPrincipal",
          "transferredIn",
          "transferredOut",
          "sharesBought",
          "marketPaid",
          "sharesSold",
          "marketReceived",
          "marketFees",
          "principalLost",
          "closingPrincipal",
        ] as const)
      : ([
          "openingPrincipal",
          "fundedPrincipal",
          "repaidPrincipal",
          "feesPaid",
          "lateFeesPaid",
          "closingPrincipal",
        ] as const);
  for (const name of totalNames) {
    const amount = BigInt(statement.totals[name]);
    row(pen, [words.total[name], `${goldText(amount, style)} GOLD`, rupiah(amount)], [180, 160, 160]);
  }
  pen.y -= 14;
  chart(pen, statement, style);
  line(pen, words.entries, { bold: true, size: 11 });
  pen.y -= 15;
  const widths = [90, 95, 50, 95, 95, 90];
  row(pen, words.columns, widths, true);
  if (statement.entries.length === 0) line(pen, words.none, { color: muted });
  for (const entry of statement.entries) {
    const lateFee = BigInt(entry.lateFee);
    const moved = BigInt(entry.principal) + BigInt(entry.yield) + lateFee;
    row(
      pen,
      [
        wibDateTime(new Date(entry.at)).slice(0, 16),
        words.kinds[entry.kind],
        `#${entry.tokenId}`,
        goldText(entry.kind.startsWith("transfer") ? entry.shares : entry.principal, style),
        lateFee > 0n
          ? `${goldText(entry.yield, style)} + ${goldText(lateFee, style)} ${words.late}`
          : goldText(entry.yield, style),
        rupiah(moved),
      ],
      widths,
    );
  }
  return doc.save();
}
