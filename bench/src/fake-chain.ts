import { createHash } from "node:crypto";
import { ONE_GOLD } from "@farm/core";

// A synthetic history of the platform's four contracts, computed block by block from the block number alone: the fake
// node (fake-rpc.ts) renders any block range on demand and the benchmark counts events per block, without either ever
// holding the whole history. Invoices run the real lifecycle in chain order, so the indexer's invoice fold always has
// a row to update:
//
//   block s            InvoiceSubmitted                              (NEW_INVOICES_PER_BLOCK invoices)
//   block s+1          YieldReserved, InvoiceApproved
//   blocks s+2..s+1+F  INVESTMENTS_PER_INVOICE_BLOCK investments per block: GOLD Transfer, TransferSingle, Invested;
//                      the last one fills the invoice: GOLD Transfer to the farmer, InvoiceFunded
//   block s+1+F+R      repayment: 3 GOLD Transfers, YieldWithdrawn, Repaid
//   block s+1+F+R+H    every HARVEST_EVERY-th holder harvests: TransferSingle (burn), GOLD Transfer, Harvested
//   every block        FAUCET_CLAIMS_PER_BLOCK faucet claims: GOLD Transfer, Claimed
//
// In steady state a block holds 386 logs from 129 transactions.

export const FAKE_CHAIN_ID = 4242;
/** The deployment block: the indexer's start block; blocks before it exist but hold no logs. */
export const START_BLOCK = 1000;
const GENESIS_TIME = 1_750_000_000;
const BLOCK_SECONDS = 2;

const NEW_INVOICES_PER_BLOCK = 2;
/** Blocks an invoice takes investments (F). */
const FUNDING_BLOCKS = 25;
const INVESTMENTS_PER_INVOICE_BLOCK = 2;
/** Investments that fill an invoice: each holder has exactly one, so a harvest burns exactly that investment. */
const INVESTMENTS_PER_INVOICE = FUNDING_BLOCKS * INVESTMENTS_PER_INVOICE_BLOCK;
/** Blocks between funding and repayment (R), and between repayment and the harvests (H). */
const REPAY_AFTER = 10;
const HARVEST_AFTER = 5;
const HARVEST_EVERY = 5;
const FAUCET_CLAIMS_PER_BLOCK = 3;
const INVESTORS = 5000;
const FARMERS = 200;
/** Coprime with INVESTORS: consecutive investments land on scattered wallets, distinct within an invoice. */
const INVESTOR_STRIDE = 7919;
export const GRACE_DAYS = 7;

/** The fake deployment (the addresses anvil gives the first four deployments), lowercase as nodes send them. */
export const fakeAddresses = {
  goldToken: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
  goldFaucet: "0xe7f1725e7734ce288f8367e1bb143e90bb3f0512",
  farmNft: "0x9fe46736679d2d9a65f0992f2272de9f3c7fa6e0",
  farmVault: "0xcf7ed3acca5a467e9e704c703e8d87f634fb0fc9",
} as const;

export const zeroAddress = "0x0000000000000000000000000000000000000000";

const sha256Hex = (text: string) => `0x${createHash("sha256").update(text).digest("hex")}`;

/** Wallets derived from a label, so investors and farmers look like real addresses (and never collide). */
const wallets = (label: string, count: number) =>
  Array.from({ length: count }, (_, n) => sha256Hex(`${label}-${n}`).slice(0, 42));
const investors = wallets("investor", INVESTORS);
/** Every fourth investor has a verified e-mail address: its events' notifications get delivery jobs, as on a live
 *  platform where some lenders gave one (the rest are written settled, with no job). */
export const investorsWithEmail = investors.filter((_, n) => n % 4 === 0);
const farmers = wallets("farmer", FARMERS);

/** The hash of block `number`: stable, so every parentHash matches the hash the block before reports. */
export function blockHash(number: number): string {
  return number < 0 ? `0x${"0".repeat(64)}` : sha256Hex(`farm-fake-chain-${number}`);
}

export const blockTime = (number: number) => GENESIS_TIME + number * BLOCK_SECONDS;

/** An invoice's fixed terms, derived from its index (token id = index + 1). */
export function invoiceTerms(index: number) {
  const perInvestment = (100n + BigInt(index % 50) * 10n) * ONE_GOLD;
  const amount = perInvestment * BigInt(INVESTMENTS_PER_INVOICE);
  const yieldBps = 500 + (index % 10) * 50;
  return {
    tokenId: BigInt(index + 1),
    farmer: farmers[index % FARMERS] as string,
    perInvestment,
    amount,
    yieldBps,
    tenorDays: 30 + (index % 4) * 30,
    fee: (amount * BigInt(yieldBps)) / 10_000n,
  };
}

export const investorOf = (invoice: number, k: number) =>
  investors[((invoice * INVESTMENTS_PER_INVOICE + k) * INVESTOR_STRIDE) % INVESTORS] as string;

export const faucetClaimerOf = (block: number, claim: number) =>
  investors[((block * FAUCET_CLAIMS_PER_BLOCK + claim) * 13) % INVESTORS] as string;

/** The invoices (indices) submitted `age` blocks before the relative block `relative`; none before the deployment. */
function invoicesAged(relative: number, age: number): number[] {
  const submitted = relative - age;
  if (submitted < 0) return [];
  return Array.from({ length: NEW_INVOICES_PER_BLOCK }, (_, n) => submitted * NEW_INVOICES_PER_BLOCK + n);
}

/** What happens in one block, as transactions of the kinds above; rendered into logs by fake-rpc.ts. */
export interface BlockPlan {
  submitted: number[];
  approved: number[];
  /** Investments in chain order: invoice index and k, the investment's ordinal within the invoice. */
  investments: { invoice: number; k: number }[];
  repaid: number[];
  harvests: { invoice: number; k: number }[];
  claims: number;
}

const plans = {
  submitted: 0,
  approved: 1,
  repaid: 1 + FUNDING_BLOCKS + REPAY_AFTER,
  harvested: 1 + FUNDING_BLOCKS + REPAY_AFTER + HARVEST_AFTER,
};

export function planBlock(number: number): BlockPlan {
  const relative = number - START_BLOCK;
  const investments: BlockPlan["investments"] = [];
  if (relative >= 0) {
    // Invoices submitted 2..F+1 blocks ago are open, oldest first; each takes its next investments.
    for (let age = FUNDING_BLOCKS + 1; age >= 2; age--) {
      const round = age - 2;
      for (const invoice of invoicesAged(relative, age)) {
        for (let n = 0; n < INVESTMENTS_PER_INVOICE_BLOCK; n++) {
          investments.push({ invoice, k: round * INVESTMENTS_PER_INVOICE_BLOCK + n });
        }
      }
    }
  }
  const harvests: BlockPlan["harvests"] = [];
  for (const invoice of invoicesAged(relative, plans.harvested)) {
    for (let k = 0; k < INVESTMENTS_PER_INVOICE; k += HARVEST_EVERY) harvests.push({ invoice, k });
  }
  return {
    submitted: invoicesAged(relative, plans.submitted),
    approved: invoicesAged(relative, plans.approved),
    investments,
    repaid: invoicesAged(relative, plans.repaid),
    harvests,
    claims: relative >= 0 ? FAUCET_CLAIMS_PER_BLOCK : 0,
  };
}

/** Logs per transaction of each kind (the rendering in fake-rpc.ts checks it emits exactly these). */
export const LOGS_PER = {
  submission: 1,
  approval: 2,
  investment: 3,
  /** Extra logs of the investment that fills its invoice. */
  funding: 2,
  repayment: 5,
  harvest: 3,
  claim: 2,
};

export function isFillingInvestment(k: number): boolean {
  return k === INVESTMENTS_PER_INVOICE - 1;
}

export function logsInPlan(plan: BlockPlan): number {
  let logs =
    plan.submitted.length * LOGS_PER.submission +
    plan.approved.length * LOGS_PER.approval +
    plan.investments.length * LOGS_PER.investment +
    plan.repaid.length * LOGS_PER.repayment +
    plan.harvests.length * LOGS_PER.harvest +
    plan.claims * LOGS_PER.claim;
  for (const { k } of plan.investments) if (isFillingInvestment(k)) logs += LOGS_PER.funding;
  return logs;
}

/** Running event totals from the start block: enough blocks to reach `target` events, and the total after each. */
export function chainFor(target: number): { head: number; totals: Float64Array } {
  const totals: number[] = [];
  let sum = 0;
  for (let number = START_BLOCK; sum < target; number++) {
    sum += logsInPlan(planBlock(number));
    totals.push(sum);
  }
  return { head: START_BLOCK + totals.length - 1, totals: Float64Array.from(totals) };
}

/** What the index must hold after the blocks up to `head`: rows of each table, and invoices by status. */
export function expectedIndex(head: number) {
  const rows = { investments: 0, harvests: 0, repayments: 0, claims: 0 };
  /**
   * Logs the index keeps no chain_events row of: GOLD Transfers (decision 0064) and Invested, whose row is
   * chain_investments (decision 0065).
   */
  let unstored = 0;
  for (let number = START_BLOCK; number <= head; number++) {
    const plan = planBlock(number);
    const fills = plan.investments.filter(({ k }) => isFillingInvestment(k)).length;
    const goldTransfers =
      plan.investments.length + fills + 3 * plan.repaid.length + plan.harvests.length + plan.claims;
    unstored += goldTransfers + plan.investments.length;
    rows.investments += plan.investments.length;
    rows.harvests += plan.harvests.length;
    rows.repayments += plan.repaid.length;
    rows.claims += plan.claims;
  }
  const statuses: Record<string, number> = {};
  for (let submitted = 0; submitted <= head - START_BLOCK; submitted++) {
    const age = head - START_BLOCK - submitted;
    const status =
      age < plans.approved
        ? "pending"
        : age < 1 + FUNDING_BLOCKS
          ? "approved"
          : age < plans.repaid
            ? "funded"
            : "repaid";
    statuses[status] = (statuses[status] ?? 0) + NEW_INVOICES_PER_BLOCK;
  }
  return { rows: { ...rows, invoices: statuses }, unstored };
}
