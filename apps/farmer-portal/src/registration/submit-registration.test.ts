import type { FarmerRegistration } from "@farm/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { submitRegistration } from "./submit-registration";

const profile = {
  personal: { fullName: "Siti Rahayu", email: "siti@example.id" },
  business: { businessName: "Tani Makmur" },
} as unknown as FarmerRegistration;

afterEach(() => vi.restoreAllMocks());

describe("the registration the portal sends", () => {
  it.each(["id", "en"] as const)("carries the page's language (%s) for the farmer's e-mails", (language) => {
    const send = vi.spyOn(XMLHttpRequest.prototype, "send").mockImplementation(() => {});
    void submitRegistration(profile, {}, language, () => {});
    const form = send.mock.calls[0]![0] as FormData;
    expect(JSON.parse(String(form.get("profile")))).toEqual({ ...profile, language });
  });
});
