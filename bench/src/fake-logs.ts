import { createHash } from "node:crypto";
import { farmNftAbi, farmVaultAbi, goldFaucetAbi, goldTokenAbi } from "@farm/contracts";
import { type Abi, type AbiEvent, encodeAbiParameters, encodeEventTopics, type Hex } from "viem";
import {
  blockHash,
  blockTime,
  fakeAddresses,
  faucetClaimerOf,
  GRACE_DAYS,
  investorOf,
  invoiceTerms,
  isFillingInvestment,
  logsInPlan,
  planBlock,
  zeroAddress,
} from "./fake-chain";

// Renders the planned blocks (fake-chain.ts) as eth_getLogs JSON. Each event's selector topic and the JSON shared by
// all its logs are worked out once from the ABI with viem; a log then only fills in its argument words (a few string
// pads), so the fake node answers far faster than the indexer can consume. `checkAgainstViem` renders blocks both ways
// and requires the same bytes, so the fast path is proven to be viem's ABI encoding.

type Value = bigint | number | boolean | string;

/** Encodes one event's arguments (in ABI input order) as its topics after the selector and its data words. */
type Encoder = (event: EventTemplate, values: readonly Value[]) => { topics: string[]; data: string };

interface EventTemplate {
  event: AbiEvent;
  /** `{"address":"0x…","topics":["0x<selector>"`: the start of every log of this event. */
  head: string;
  address: string;
  /** Per ABI input: whether it is a topic, and how its 32-byte word is spelled (64 hex digits, no 0x). */
  inputs: { indexed: boolean; word: (value: Value) => string }[];
}

const ZERO_PAD = "0".repeat(24);
const uintWord = (value: Value) => (value as bigint | number).toString(16).padStart(64, "0");
const addressWord = (value: Value) => ZERO_PAD + (value as string).slice(2);
const boolWord = (value: Value) => uintWord(value ? 1 : 0);
const bytes32Word = (value: Value) => (value as string).slice(2);

function wordOf(type: string): (value: Value) => string {
  if (type === "address") return addressWord;
  if (type === "bool") return boolWord;
  if (type === "bytes32") return bytes32Word;
  if (/^uint\d*$/.test(type)) return uintWord;
  throw new Error(`fake logs: no word encoding for ${type}`);
}

function template(abi: Abi, name: string, address: string): EventTemplate {
  const event = abi.find((item): item is AbiEvent => item.type === "event" && item.name === name);
  if (!event) throw new Error(`fake logs: no event ${name}`);
  const [selector] = encodeEventTopics({ abi: [event], eventName: name } as never) as Hex[];
  return {
    event,
    address,
    head: `{"address":"${address}","topics":["${selector}"`,
    inputs: event.inputs.map((input) => ({ indexed: input.indexed === true, word: wordOf(input.type) })),
  };
}

const events = {
  transfer: template(goldTokenAbi, "Transfer", fakeAddresses.goldToken),
  claimed: template(goldFaucetAbi, "Claimed", fakeAddresses.goldFaucet),
  yieldReserved: template(farmVaultAbi, "YieldReserved", fakeAddresses.farmVault),
  yieldWithdrawn: template(farmVaultAbi, "YieldWithdrawn", fakeAddresses.farmVault),
  invoiceSubmitted: template(farmNftAbi, "InvoiceSubmitted", fakeAddresses.farmNft),
  invoiceApproved: template(farmNftAbi, "InvoiceApproved", fakeAddresses.farmNft),
  transferSingle: template(farmNftAbi, "TransferSingle", fakeAddresses.farmNft),
  invested: template(farmNftAbi, "Invested", fakeAddresses.farmNft),
  invoiceFunded: template(farmNftAbi, "InvoiceFunded", fakeAddresses.farmNft),
  repaid: template(farmNftAbi, "Repaid", fakeAddresses.farmNft),
  harvested: template(farmNftAbi, "Harvested", fakeAddresses.farmNft),
};

const fastEncoder: Encoder = (event, values) => {
  const topics: string[] = [];
  let data = "";
  for (let n = 0; n < values.length; n++) {
    const input = event.inputs[n] as EventTemplate["inputs"][number];
    const word = input.word(values[n] as Value);
    if (input.indexed) topics.push(word);
    else data += word;
  }
  return { topics, data };
};

/** The same through viem's encoders, argument by argument: slow, only to check the fast path. */
const viemEncoder: Encoder = (event, values) => {
  const args: Record<string, Value> = {};
  const dataInputs: AbiEvent["inputs"][number][] = [];
  const dataValues: Value[] = [];
  event.event.inputs.forEach((input, n) => {
    const value = values[n] as Value;
    args[input.name as string] = value;
    if (!input.indexed) {
      dataInputs.push(input);
      dataValues.push(value);
    }
  });
  const topics = encodeEventTopics({
    abi: [event.event],
    eventName: event.event.name,
    args,
  } as never) as Hex[];
  return {
    topics: topics.slice(1).map((topic) => topic.slice(2)),
    data: encodeAbiParameters(dataInputs, dataValues).slice(2),
  };
};

const admin = `0x${"ad".repeat(20)}`;
const hex = (value: number | bigint) => `0x${value.toString(16)}`;
const wordHash = (label: string) => `0x${createHash("sha256").update(label).digest("hex")}`;
const DAY = 86_400;

/** Logs of one block, written as JSON texts into `out`; each transaction's logs go through `log`. */
class BlockWriter {
  private logIndex = 0;
  private txIndex = -1;
  private txPart = "";
  private readonly tail: string;

  constructor(
    private readonly number: number,
    private readonly out: string[],
    private readonly wanted: ReadonlySet<string> | null,
    private readonly encode: Encoder,
  ) {
    this.tail = `,"blockNumber":"${hex(number)}","blockHash":"${blockHash(number)}","blockTimestamp":"${hex(blockTime(number))}","removed":false}`;
  }

  /** Starts the next transaction: its hash looks like a real one (random-ish keys in the index, not ascending). */
  tx(): void {
    this.txIndex += 1;
    this.txPart = `,"transactionHash":"${wordHash(`tx-${this.number}-${this.txIndex}`)}","transactionIndex":"${hex(this.txIndex)}"`;
  }

  log(event: EventTemplate, values: readonly Value[]): void {
    const logIndex = this.logIndex++;
    if (this.wanted && !this.wanted.has(event.address)) return;
    const { topics, data } = this.encode(event, values);
    let text = event.head;
    for (const topic of topics) text += `,"0x${topic}"`;
    this.out.push(`${text}],"data":"0x${data}"${this.txPart},"logIndex":"${hex(logIndex)}"${this.tail}`);
  }

  get logs(): number {
    return this.logIndex;
  }
}

/**
 * Appends the logs of block `number` (of the contracts in `wanted`, or all) to `out` as JSON texts, in chain order, and
 * returns how many logs the block holds in all.
 */
export function renderBlockLogs(
  number: number,
  out: string[],
  wanted: ReadonlySet<string> | null = null,
  encode: Encoder = fastEncoder,
): number {
  const plan = planBlock(number);
  const now = blockTime(number);
  const block = new BlockWriter(number, out, wanted, encode);
  const { goldFaucet, farmNft, farmVault } = fakeAddresses;
  for (const invoice of plan.submitted) {
    const terms = invoiceTerms(invoice);
    block.tx();
    block.log(events.invoiceSubmitted, [
      terms.tokenId,
      terms.farmer,
      terms.amount,
      terms.yieldBps,
      terms.tenorDays,
      now + 30 * DAY,
      wordHash(`reference-${invoice}`),
      wordHash(`document-${invoice}`),
    ]);
  }
  for (const invoice of plan.approved) {
    const { tokenId, fee } = invoiceTerms(invoice);
    block.tx();
    block.log(events.yieldReserved, [tokenId, fee]);
    block.log(events.invoiceApproved, [tokenId, admin, fee]);
  }
  for (const { invoice, k } of plan.investments) {
    const { tokenId, farmer, perInvestment, amount, tenorDays } = invoiceTerms(invoice);
    const investor = investorOf(invoice, k);
    block.tx();
    block.log(events.transfer, [investor, farmNft, perInvestment]);
    block.log(events.transferSingle, [investor, zeroAddress, investor, tokenId, perInvestment]);
    block.log(events.invested, [tokenId, investor, perInvestment, perInvestment * BigInt(k + 1)]);
    if (isFillingInvestment(k)) {
      block.log(events.transfer, [farmNft, farmer, amount]);
      block.log(events.invoiceFunded, [tokenId, farmer, amount, now, now + tenorDays * DAY, GRACE_DAYS]);
    }
  }
  for (const invoice of plan.repaid) {
    const { tokenId, farmer, amount, fee } = invoiceTerms(invoice);
    block.tx();
    block.log(events.transfer, [farmer, farmNft, amount]);
    block.log(events.transfer, [farmer, farmVault, fee]);
    block.log(events.transfer, [farmVault, farmNft, fee]);
    block.log(events.yieldWithdrawn, [tokenId, farmNft, fee]);
    block.log(events.repaid, [tokenId, farmer, amount + fee, amount + fee, true]);
  }
  for (const { invoice, k } of plan.harvests) {
    const { tokenId, perInvestment, yieldBps } = invoiceTerms(invoice);
    const holder = investorOf(invoice, k);
    const earned = (perInvestment * BigInt(yieldBps)) / 10_000n;
    block.tx();
    block.log(events.transferSingle, [holder, holder, zeroAddress, tokenId, perInvestment]);
    block.log(events.transfer, [farmNft, holder, perInvestment + earned]);
    block.log(events.harvested, [tokenId, holder, perInvestment, perInvestment, earned]);
  }
  for (let claim = 0; claim < plan.claims; claim++) {
    const account = faucetClaimerOf(number, claim);
    block.tx();
    block.log(events.transfer, [goldFaucet, account, 100n * 10n ** 18n]);
    block.log(events.claimed, [account, 100n * 10n ** 18n, now + DAY]);
  }
  if (block.logs !== logsInPlan(plan)) {
    throw new Error(`fake logs: block ${number} rendered ${block.logs} logs, planned ${logsInPlan(plan)}`);
  }
  return block.logs;
}

/** Renders the given blocks with the fast encoder and with viem's, and fails unless both give the same JSON. */
export function checkAgainstViem(blocks: readonly number[]): void {
  for (const number of blocks) {
    const fast: string[] = [];
    const slow: string[] = [];
    renderBlockLogs(number, fast);
    renderBlockLogs(number, slow, null, viemEncoder);
    if (fast.join("\n") !== slow.join("\n")) {
      throw new Error(`fake logs: block ${number} differs from viem's ABI encoding`);
    }
  }
}
