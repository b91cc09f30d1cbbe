import { z } from "zod";

const bps = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

/**
 * The environment variables of investor credentials: how long an approval lasts and the share of the declared annual
 * income a retail or professional investor may hold as outstanding principal (basis points). Spread into config's
 * schema; `.env.example` lists each.
 */
export const investorRulesEnv = {
  INVESTOR_CREDENTIAL_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  INVESTOR_LIMIT_RETAIL_BPS: bps(1000),
  INVESTOR_LIMIT_PROFESSIONAL_BPS: bps(2000),
};

type InvestorRulesEnv = z.output<z.ZodObject<typeof investorRulesEnv>>;

export interface InvestorRulesConfig {
  /** Days from approval until the credential's validUntil. */
  credentialDays: number;
  /** The limit as a share of declared annual income, in basis points, per tier. */
  limitBps: { retail: number; professional: number };
}

export function toInvestorRulesConfig(e: InvestorRulesEnv): InvestorRulesConfig {
  return {
    credentialDays: e.INVESTOR_CREDENTIAL_DAYS,
    limitBps: { retail: e.INVESTOR_LIMIT_RETAIL_BPS, professional: e.INVESTOR_LIMIT_PROFESSIONAL_BPS },
  };
}
