import { describe, expect, it } from "vitest";
import { evidenceProblem } from "./evidence-files";

const file = (type: string, size: number) => new File([new Uint8Array(size)], "f", { type });

describe("invoice evidence files", () => {
  it("requires the invoice document and not the delivery proof", () => {
    expect(evidenceProblem("invoice", null)).toBe("missing");
    expect(evidenceProblem("deliveryProof", null)).toBeNull();
  });

  it("refuses a wrong type, an empty file and one above 10 MB with the backend's rules", () => {
    expect(evidenceProblem("invoice", file("application/pdf", 2048))).toBeNull();
    expect(evidenceProblem("deliveryProof", file("image/jpeg", 2048))).toBeNull();
    expect(evidenceProblem("invoice", file("text/plain", 2048))).toBe("type");
    expect(evidenceProblem("invoice", file("application/pdf", 0))).toBe("empty");
    expect(evidenceProblem("deliveryProof", file("image/png", 10 * 1024 * 1024 + 1))).toBe("size");
  });
});
