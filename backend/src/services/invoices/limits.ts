import { financingFee, formatGold, type SubmitInvoiceRequest } from "@farm/core";
import { and, count, eq, gt, or, sql } from "drizzle-orm";
import type { Executor } from "../../adapters/db/database";
import type { InvoiceRulesConfig } from "../../config/invoice-rules";
import { chainInvoices } from "../../db/schema/chain";
import { invoices } from "../../db/schema/invoices";
import { AppError, unprocessable } from "../../errors";

const hourMs = 60 * 60 * 1000;

/**
 * What one farmer may have going at once: at most `maxPendingPerFarmer` invoices waiting for review (or being
 * submitted) and `submissionsPerHour` submissions in the last hour. Each submission is a transaction the operator
 * pays for; checked before the files are read.
 */
export async function checkFarmerSubmissionLimits(
  db: Executor,
  rules: InvoiceRulesConfig,
  farmerId: string,
  now = new Date(),
): Promise<void> {
  const [[recent], [pending]] = await Promise.all([
    db
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.farmerId, farmerId), gt(invoices.createdAt, new Date(now.getTime() - hourMs)))),
    db
      .select({ n: count() })
      .from(invoices)
      .leftJoin(chainInvoices, eq(chainInvoices.tokenId, invoices.tokenId))
      .where(
        and(
          eq(invoices.farmerId, farmerId),
          // Being submitted, submitted but not indexed yet, or waiting for review.
          or(
            eq(invoices.submissionState, "submitting"),
            sql`${chainInvoices.status} is null`,
            eq(chainInvoices.status, "pending"),
          ),
        ),
      ),
  ]);
  if ((recent?.n ?? 0) >= rules.submissionsPerHour)
    throw new AppError(
      429,
      "RATE_LIMITED",
      `At most ${rules.submissionsPerHour} invoice submissions an hour; try again later`,
      { limit: rules.submissionsPerHour },
    );
  if ((pending?.n ?? 0) >= rules.maxPendingPerFarmer)
    throw new AppError(
      409,
      "TOO_MANY_PENDING_INVOICES",
      `You have ${rules.maxPendingPerFarmer} invoices waiting for review; submit more once they are decided`,
      { limit: rules.maxPendingPerFarmer },
    );
}

/** The invoice is worth the operator's transaction: at least the minimum amount and the minimum financing fee. */
export function checkInvoiceSize(rules: InvoiceRulesConfig, input: SubmitInvoiceRequest): void {
  const amount = BigInt(input.amount);
  if (amount < rules.minAmount)
    throw unprocessable(
      "AMOUNT_TOO_SMALL",
      `The amount must be at least ${formatGold(rules.minAmount)} GOLD`,
      {
        minimum: rules.minAmount.toString(),
      },
    );
  if (financingFee(amount, input.yieldBps) < rules.minFee)
    throw unprocessable(
      "FEE_TOO_SMALL",
      `The financing fee (amount x yield) must be at least ${formatGold(rules.minFee)} GOLD: raise the yield or the amount`,
      { minimum: rules.minFee.toString() },
    );
}
