import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken } from "./tokens";

const key = Buffer.alloc(32, 7);
const wallet = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

describe("unsubscribe tokens", () => {
  it("name their recipient and kind, fit one path segment, and are refused when changed or signed by another key", () => {
    const token = unsubscribeToken(key, wallet, "harvest_ready");
    expect(token.length).toBeLessThanOrEqual(100);
    expect(readUnsubscribeToken(key, token)).toEqual({ recipient: wallet, kind: "harvest_ready" });
    expect(readUnsubscribeToken(key, unsubscribeToken(key, "buyer:12", "buyer_due_reminder"))).toEqual({
      recipient: "buyer:12",
      kind: "buyer_due_reminder",
    });
    const [recipient, kind, signature] = token.split(".");
    const otherKind = `${recipient}.${Number(kind) + 1}.${signature}`;
    expect(readUnsubscribeToken(key, otherKind)).toBeNull();
    expect(readUnsubscribeToken(Buffer.alloc(32, 8), token)).toBeNull();
    expect(readUnsubscribeToken(key, `${token}.x`)).toBeNull();
    expect(readUnsubscribeToken(key, "not-a-token")).toBeNull();
  });
});
