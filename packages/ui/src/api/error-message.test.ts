import { describe, expect, it } from "vitest";
import { apiErrorWords } from "../i18n/api-error-words";
import { sharedWords } from "../i18n/shared-words";
import { createTranslate } from "../i18n/translate";
import { ApiError, toApiError } from "./api-error";
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

describe("apiErrorMessage on an Indonesian page", () => {
  // As the provider builds it: the catalogue beneath the shared words, no English to fall back on.
  const id = createTranslate({ ...apiErrorWords.id, ...sharedWords.id }, {}, "id");
  const english = "The display name is taken; choose another";

  it("words a code the app does not word itself, never the API's English sentence", () => {
    const taken = new ApiError(409, "DISPLAY_NAME_TAKEN", english, undefined, "abcdef1234567");
    expect(apiErrorMessage(taken, id)).toBe(
      "Nama tampilan ini sudah dipakai. Pilih nama lain. (referensi abcdef12)",
    );
  });

  it("prefers the app's own word for a code over the catalogue's", () => {
    const own = createTranslate(
      { ...apiErrorWords.id, "api.DISPLAY_NAME_TAKEN": "Nama ini milik orang lain." },
      {},
    );
    expect(apiErrorMessage(new ApiError(409, "DISPLAY_NAME_TAKEN", english), own)).toBe(
      "Nama ini milik orang lain.",
    );
  });

  it("tells a refused sign-in to sign in again and sign the new message", () => {
    const expired = new ApiError(401, "SIWE_EXPIRED", "The sign-in message has expired; sign a new one");
    expect(apiErrorMessage(expired, id)).toMatch(/Masuk lagi dan tanda tangani pesan yang baru/);
  });

  it("words a refused form in Indonesian", () => {
    const invalid = new ApiError(400, "VALIDATION_FAILED", "Invalid body", {
      issues: [{ path: ["buyerName"], message: "Too big: expected string to have <=120 characters" }],
    });
    expect(apiErrorMessage(invalid, id)).toBe(apiErrorWords.id["apiError.VALIDATION_FAILED"]);
  });

  it("says a proxy's 413 without the API's body is a file too large, and other statuses in Indonesian", () => {
    expect(apiErrorMessage(toApiError(413, "<html>"), id)).toBe(
      "Berkas terlalu besar untuk server. Pilih berkas yang lebih kecil lalu kirim lagi.",
    );
    const notFound = apiErrorMessage(toApiError(404, "<html>", "feedbeef99"), id);
    expect(notFound).toMatch(/^Server menjawab dengan galat \(HTTP 404\)\..* \(referensi feedbeef\)$/);
    expect(apiErrorMessage(toApiError(502, "<html>"), id)).toBe(sharedWords.id["api.SERVER_ERROR"]);
  });

  it("falls back to a general Indonesian sentence for a code this build does not know", () => {
    const unknown = new ApiError(422, "SOME_NEW_RULE", "A rule added after this build");
    expect(apiErrorMessage(unknown, id)).toBe(apiErrorWords.id["apiError.unknown"]);
  });
});
