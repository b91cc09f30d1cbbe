import { describe, expect, it } from "vitest";
import { createTranslate } from "../i18n/translate";
import { ApiError } from "./api-error";
import { apiErrorMessage } from "./error-message";

const t = createTranslate(
  {
    "document.bankStatement": "The bank statement",
    "api.PAYLOAD_TOO_LARGE.named": "{document} is too large: at most {mb} MB.",
    "api.UNSUPPORTED_MEDIA_TYPE.named": "{document} has the wrong file type: {types} only.",
    "api.UNSUPPORTED_MEDIA_TYPE": "A document has the wrong file type.",
  },
  {},
);

describe("apiErrorMessage", () => {
  it("names the refused document and what it may be", () => {
    const wrongType = new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "bankStatement must be application/pdf", {
      kind: "bankStatement",
      detected: "image/png",
      allowed: ["application/pdf"],
    });
    expect(apiErrorMessage(wrongType, t)).toBe("The bank statement has the wrong file type: PDF only.");
    const tooLarge = new ApiError(413, "PAYLOAD_TOO_LARGE", "too large", {
      kind: "bankStatement",
      maxBytes: 10 * 1024 * 1024,
    });
    expect(apiErrorMessage(tooLarge, t)).toBe("The bank statement is too large: at most 10 MB.");
  });

  it("falls back to the code's words when the document is unknown to the app", () => {
    const unknown = new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", "x", { kind: "selfie", allowed: [] });
    expect(apiErrorMessage(unknown, t)).toBe("A document has the wrong file type.");
  });
});
