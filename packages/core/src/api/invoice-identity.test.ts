import { describe, expect, it } from "vitest";
import { normaliseBuyerName, normaliseInvoiceNumber } from "./invoice-identity";

describe("one invoice whatever the typing", () => {
  it("reads invoice numbers without punctuation, spacing or case", () => {
    for (const number of ["DUP-1", "DUP 1", "dup.1", " Dup_1 ", "DUP/1", "ＤＵＰ－１"])
      expect(normaliseInvoiceNumber(number), number).toBe("dup1");
    expect(normaliseInvoiceNumber("DUP-12")).not.toBe(normaliseInvoiceNumber("DUP-1"));
  });

  it("reads buyer names without punctuation, spacing, case or the PT/PT. forms", () => {
    for (const name of ["PT Dup", "PT. Dup", "pt  dup", "Dup, PT", "P.T. Dup", "PT.Dup", "Dup Tbk"])
      expect(normaliseBuyerName(name), name).toBe("dup");
    expect(normaliseBuyerName("PT Maju Jaya")).toBe("maju jaya");
    expect(normaliseBuyerName("PT Maju Jaya")).not.toBe(normaliseBuyerName("PT Maju"));
    expect(normaliseBuyerName("PT")).toBe("pt");
  });
});
