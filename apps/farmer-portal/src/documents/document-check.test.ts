import { describe, expect, it } from "vitest";
import { checkDocument } from "./document-check";
import { documentProgress } from "./upload-progress";

const megabyte = 1024 * 1024;

describe("document check with the backend's rules", () => {
  it("accepts images and PDFs for the KTP but only PDF for the bank statement", () => {
    expect(checkDocument("ktp", { type: "image/png", size: 1000 })).toBeNull();
    expect(checkDocument("ktp", { type: "application/pdf", size: 1000 })).toBeNull();
    expect(checkDocument("bankStatement", { type: "image/jpeg", size: 1000 })).toBe("type");
  });

  it("refuses files above the size limit and empty files", () => {
    expect(checkDocument("npwp", { type: "image/jpeg", size: 5 * megabyte + 1 })).toBe("size");
    expect(checkDocument("bankStatement", { type: "application/pdf", size: 10 * megabyte })).toBeNull();
    expect(checkDocument("ktp", { type: "image/png", size: 0 })).toBe("empty");
  });
});

describe("per-document upload progress", () => {
  it("fills each document in the order it travels in the body", () => {
    // 100 bytes of profile and headers, then documents of 200, 300 and 400 bytes.
    expect(documentProgress([200, 300, 400], 0, 1000)).toEqual([0, 0, 0]);
    expect(documentProgress([200, 300, 400], 200, 1000)).toEqual([0.5, 0, 0]);
    expect(documentProgress([200, 300, 400], 450, 1000)).toEqual([1, 0.5, 0]);
    expect(documentProgress([200, 300, 400], 1000, 1000)).toEqual([1, 1, 1]);
  });
});
