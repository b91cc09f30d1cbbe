import { apiAnswers, errorBodySchema } from "@farm/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileAnswerSerializer } from "./compiled-serializer";

describe("compiled answer serializers", () => {
  it("compile for every documented answer and the error body, so no route falls back to zod's re-parse", () => {
    const failures: string[] = [];
    for (const [operation, { schema }] of Object.entries(apiAnswers)) {
      try {
        compileAnswerSerializer(schema as z.ZodType);
      } catch (error) {
        failures.push(`${operation}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
    expect(() => compileAnswerSerializer(errorBodySchema)).not.toThrow();
  });

  it("write what zod's encoding wrote: documented fields in schema order, undocumented ones dropped", () => {
    const schema = z.object({
      tokenId: z.string(),
      amount: z.string(),
      maturity: z.iso.datetime().nullable(),
      farmer: z.object({ name: z.string(), crops: z.array(z.string()) }).nullable(),
      note: z.string().optional(),
    });
    const answer = {
      amount: "1500000000000000000000",
      secret: "3273010101800001",
      tokenId: "7",
      maturity: null,
      farmer: { crops: ["rice", 'chili "red"'], name: "Tani\\u2028" },
    };
    const expected = JSON.stringify(z.encode(schema, answer as z.output<typeof schema>));
    expect(compileAnswerSerializer(schema)(answer)).toBe(expected);
    expect(expected).not.toContain("secret");
    const filled = {
      ...answer,
      maturity: "2027-03-31T00:00:00.000Z",
      farmer: { name: "Tani", crops: [], extra: 1 },
      note: "ok",
    };
    expect(compileAnswerSerializer(schema)(filled)).toBe(
      JSON.stringify(z.encode(schema, filled as z.output<typeof schema>)),
    );
  });
});
