import type { Farmer } from "@farm/core";
import { afterEach, describe, expect, it } from "vitest";
import {
  clearDraft,
  draftFromFarmer,
  emptyDraft,
  loadDraft,
  retypeBusiness,
  saveDraft,
} from "./registration-draft";

const wallet = "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199";

describe("registration draft in the browser", () => {
  afterEach(() => localStorage.clear());

  it("survives a reload per wallet, whatever the address case", () => {
    const draft = { ...emptyDraft, step: 1, personal: { ...emptyDraft.personal, fullName: "Siti" } };
    saveDraft(wallet, draft);
    expect(loadDraft(wallet.toLowerCase())).toEqual(draft);
    expect(loadDraft("0x0000000000000000000000000000000000000001")).toEqual(emptyDraft);
  });

  it("ignores malformed or foreign values in storage", () => {
    localStorage.setItem(
      `farm.registrationDraft.${wallet.toLowerCase()}`,
      JSON.stringify({ step: 9, personal: { fullName: 42, nik: "1", extra: "x" }, business: "junk" }),
    );
    const draft = loadDraft(wallet);
    expect(draft.step).toBe(0);
    expect(draft.personal.fullName).toBe("");
    expect(draft.personal.nik).toBe("1");
    expect(draft.personal).not.toHaveProperty("extra");
    expect(draft.business).toEqual(emptyDraft.business);
    localStorage.setItem(`farm.registrationDraft.${wallet.toLowerCase()}`, "{not json");
    expect(loadDraft(wallet)).toEqual(emptyDraft);
  });

  it("is gone after a successful submission", () => {
    saveDraft(wallet, { ...emptyDraft, step: 2 });
    clearDraft(wallet);
    expect(loadDraft(wallet)).toEqual(emptyDraft);
  });

  it("writes a sent registration's numbers back in the page's language", () => {
    const farmer = {
      personal: { ...emptyDraft.personal, address: {} },
      business: { ...emptyDraft.business, crops: ["rice"], landAreaHectares: 1000.5, yearsFarming: 9 },
      refused: null,
    } as unknown as Pick<Farmer, "personal" | "business" | "refused">;
    expect(draftFromFarmer(farmer, "id").business).toMatchObject({
      landAreaHectares: "1000,5",
      yearsFarming: "9",
    });
    expect(draftFromFarmer(farmer, "en").business).toMatchObject({
      landAreaHectares: "1000.5",
      yearsFarming: "9",
    });
  });

  it("keeps the numbers' values when the language changes, in the page and across a reload", () => {
    const business = { ...emptyDraft.business, landAreaHectares: "2.5", yearsFarming: "9" };
    expect(retypeBusiness(business, "en", "id").landAreaHectares).toBe("2,5");
    expect(retypeBusiness({ ...business, landAreaHectares: "1.000,5" }, "id", "en").landAreaHectares).toBe(
      "1000.5",
    );
    saveDraft(wallet, { ...emptyDraft, business }, "en");
    expect(loadDraft(wallet, emptyDraft, "id").business.landAreaHectares).toBe("2,5");
    expect(loadDraft(wallet, emptyDraft, "en").business.landAreaHectares).toBe("2.5");
  });
});
