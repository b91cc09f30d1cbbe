import { describe, expect, it } from "vitest";
import { hasUnsafeText, plainTextSchema, withoutUnsafeText } from "./common";

describe("free text people type and others see", () => {
  const name = plainTextSchema(2, 60);
  const note = plainTextSchema(0, 200, { multiline: true });

  it.each([
    ["Kopi Gayo Sejahtera", true],
    ["Pérez & Söhne, Cabé Rawit", true],
    ["PT. Tani 'Makmur' (Jaya)", true],
    ["Tani\u202eMakmur", false], // right-to-left override
    ["Tani\u2066Makmur\u2069", false], // isolates
    ["Tani\u200fMakmur", false], // right-to-left mark
    ["Tani\u0000Makmur", false],
    ["Tani\u0085Makmur", false], // C1 next line
    ["Tani\nMakmur", false], // a name is one line
  ])("%j accepted as a name: %s", (text, ok) => {
    expect(name.safeParse(text).success).toBe(ok);
  });

  it("lets a note have line breaks but no bidi character", () => {
    expect(note.safeParse("Panen pertama\nkirim Senin").success).toBe(true);
    expect(note.safeParse("Panen\u202dpertama").success).toBe(false);
    expect(hasUnsafeText("a\tb", true)).toBe(false);
  });

  it("says what is wrong", () => {
    const result = name.safeParse("Tani\u202eMakmur");
    expect(result.success ? "" : result.error.issues[0]?.message).toBe(
      "must not contain control or text-direction characters",
    );
  });

  it("strips what older stored text may hold", () => {
    expect(withoutUnsafeText("Tani\u202eMak\u0007mur\nJaya")).toBe("TaniMakmur Jaya");
  });
});
