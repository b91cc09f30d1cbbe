import { z } from "zod";

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

/** The Rupiah rate's variables, spread into config's schema; `.env.example` lists each. Unset: no Rupiah anywhere. */
export const rupiahEnv = {
  RUPIAH_PER_GOLD: optionalText.pipe(
    z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, "a whole number of Rupiah, 1 to 9,999,999,999")
      .transform((text) => BigInt(text))
      .optional(),
  ),
  RUPIAH_RATE_SOURCE: optionalText.pipe(z.string().max(120, "at most 120 characters").optional()),
  RUPIAH_RATE_DATE: optionalText.pipe(z.iso.date("a day as YYYY-MM-DD").optional()),
};

type RupiahEnv = z.output<z.ZodObject<typeof rupiahEnv>>;

/** Where the rate comes from only means something beside a rate: a source or date alone is a mistake in the file. */
export function rupiahProblems(env: RupiahEnv): { path: string; message: string }[] {
  if (env.RUPIAH_PER_GOLD !== undefined) return [];
  return (["RUPIAH_RATE_SOURCE", "RUPIAH_RATE_DATE"] as const)
    .filter((name) => env[name] !== undefined)
    .map((name) => ({ path: name, message: "set RUPIAH_PER_GOLD too, or leave it empty" }));
}

export interface RupiahConfig {
  /** Whole Rupiah one GOLD is worth at this deployment; null: the apps and statements show no Rupiah at all. */
  rupiahPerGold: bigint | null;
  /** Who published the rate ("Bank Indonesia JISDOR"), shown beside it; null when not stated. */
  rupiahRateSource: string | null;
  /** The day the rate was read, YYYY-MM-DD; null when not stated. */
  rupiahRateDate: string | null;
}

export function toRupiahConfig(env: RupiahEnv): RupiahConfig {
  return {
    rupiahPerGold: env.RUPIAH_PER_GOLD ?? null,
    rupiahRateSource: env.RUPIAH_RATE_SOURCE ?? null,
    rupiahRateDate: env.RUPIAH_RATE_DATE ?? null,
  };
}
