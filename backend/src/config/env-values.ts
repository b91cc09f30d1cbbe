import { z } from "zod";

/** A switch as environment variables write it: "true"/"1" or "false"/"0". */
export const booleanText = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");
