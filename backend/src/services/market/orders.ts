import { farmNftAbi, goldTokenAbi, InvoiceStatus, invoiceStatusName } from "@farm/contracts";
import {
  MARKET_MAX_EXPIRY_SECONDS,
  MARKET_MAX_PRICE,
  type MarketOrderRequest,
  type MarketOrderView,
  marketTypedData,
  tradeCost,
} from "@farm/core";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import {
  type Address,
  encodeFunctionData,
  type Hex,
  hashTypedData,
  isAddressEqual,
  maxUint256,
  parseAbi,
  recoverTypedDataAddress,
} from "viem";
import { refreshMarketOrders } from "../../chain/indexer/market";
import { farmMarketAbi } from "../../chain/market-abi";
import { marketOrders } from "../../db/schema";
import { conflict, forbidden, unprocessable } from "../../errors";
import { revertErrorName } from "../../errors/chain";
import { readOrder } from "./book";
import { checkCommitments, readCommitments, type SignerFunds } from "./commitments";
import { marketAddressOf } from "./market";

type MarketApp = Pick<FastifyInstance, "chain" | "db">;

/** Advisory lock space of a signer's posts (with the signer's hash): one post of a wallet is judged at a time. */
const POST_LOCK_SPACE = 0x4d4b54;

/** Half secp256k1's order: OpenZeppelin's ECDSA refuses an s above it (the malleable twin of a low-s signature). */
const HALF_CURVE_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;

/** What an ERC-1271 wallet answers for a signature it accepts: the selector of isValidSignature, as one word. */
const ERC1271_MAGIC_WORD = `0x1626ba7e${"0".repeat(56)}`;

const erc1271Abi = parseAbi([
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)",
]);

/**
 * Whether OpenZeppelin's ECDSA, as FarmMarket calls it, would recover anything from `signature`: 65 bytes whose v
 * byte is 27 or 28 and whose s is in the lower half of the curve order. viem recovers v = 0/1 and the high-s twin
 * (r, n - s, v ^ 1) too; FarmMarket never does, so such an order could not fill.
 */
function recoverableOnChain(signature: Hex): boolean {
  if (signature.length !== 132) return false;
  const v = Number.parseInt(signature.slice(130), 16);
  return (v === 27 || v === 28) && BigInt(`0x${signature.slice(66, 130)}`) <= HALF_CURVE_ORDER;
}

/**
 * Whether FarmMarket's `_checkSignature` would take `signature` as the order's signer's over exactly these terms, this
 * chain and this market, by its own two rules: an ECDSA signature OpenZeppelin recovers to the signer (checked
 * offline), or, when that fails and the signer has code (a smart-contract wallet), the signer's ERC-1271
 * `isValidSignature` answering its selector for the digest (asked on chain, as SignatureChecker asks it).
 */
async function signedBySigner(app: MarketApp, order: MarketOrderRequest, market: Address): Promise<boolean> {
  const typed = marketTypedData(order, app.chain.chainId, market);
  const signer = order.signer as Address;
  const signature = order.signature as Hex;
  if (recoverableOnChain(signature)) {
    try {
      if (isAddressEqual(await recoverTypedDataAddress({ ...typed, signature }), signer)) return true;
    } catch {
      // A signature that is not a point on the curve recovers nothing: the same answer as another signer's.
    }
  }
  const { publicClient } = app.chain;
  const code = await publicClient.getCode({ address: signer });
  if (!code || code === "0x") return false;
  const data = encodeFunctionData({
    abi: erc1271Abi,
    functionName: "isValidSignature",
    args: [hashTypedData(typed), signature],
  });
  // A revert, or an answer shorter than a word, is a refusal, as it is to SignatureChecker.
  const answer = await publicClient.call({ to: signer, data }).catch(() => null);
  return answer?.data?.slice(0, 66).toLowerCase() === ERC1271_MAGIC_WORD;
}

const tradable: ReadonlySet<number> = new Set([InvoiceStatus.Funded, InvoiceStatus.Defaulted]);

/** The invoice's status on chain, or null when FarmNFT has no such invoice. */
async function invoiceStatusOnChain(app: MarketApp, tokenId: bigint): Promise<number | null> {
  const farmNft = app.chain.addresses?.farmNft as Address;
  try {
    const invoice = await app.chain.publicClient.readContract({
      address: farmNft,
      abi: farmNftAbi,
      functionName: "getInvoice",
      args: [tokenId],
    });
    return Number(invoice.status);
  } catch (error) {
    if (revertErrorName(error) !== null) return null;
    throw error;
  }
}

/**
 * What the chain says of an order before the book takes it, each refusal a 4xx naming the rule: the invoice trades
 * (Funded or Defaulted), the nonce was never filled nor cancelled, and for a listing the seller holds the shares, is
 * not frozen and has approved the market on FarmNFT; for an offer the buyer holds a valid credential with room for the
 * shares and the GOLD, approved to the market. FarmMarket checks all of it again at the fill: this only keeps the book
 * free of orders that cannot fill now.
 */
async function checkOnChain(
  app: MarketApp,
  market: Address,
  order: MarketOrderRequest,
  nowSeconds: bigint,
): Promise<SignerFunds> {
  const { publicClient, addresses } = app.chain;
  const farmNft = addresses?.farmNft as Address;
  const gold = addresses?.goldToken as Address;
  const signer = order.signer as Address;
  const tokenId = BigInt(order.tokenId);
  const shares = BigInt(order.shares);
  const [status, filled, credential] = await Promise.all([
    invoiceStatusOnChain(app, tokenId),
    publicClient.readContract({
      address: market,
      abi: farmMarketAbi,
      functionName: "filled",
      args: [signer, BigInt(order.nonce)],
    }),
    publicClient.readContract({
      address: farmNft,
      abi: farmNftAbi,
      functionName: "credentialOf",
      args: [signer],
    }),
  ]);
  if (status === null) throw unprocessable("NOT_TRADABLE", "No invoice has this token id");
  if (!tradable.has(status))
    throw unprocessable(
      "NOT_TRADABLE",
      "Shares of this invoice cannot be traded now: only funded (also overdue) and defaulted invoices trade",
      { status: invoiceStatusName(status) },
    );
  if (filled !== 0n)
    throw conflict(
      filled === maxUint256
        ? "This nonce was cancelled on chain: sign the order again with a new nonce"
        : "This nonce was already used on chain: sign the order again with a new nonce",
      "ORDER_NONCE_USED",
    );
  if (credential.frozen)
    throw unprocessable(
      "WALLET_FROZEN",
      "This wallet is frozen: its shares cannot move until an admin lifts it",
    );
  if (order.side === "listing") {
    const [balance, approved] = await Promise.all([
      publicClient.readContract({
        address: farmNft,
        abi: farmNftAbi,
        functionName: "balanceOf",
        args: [signer, tokenId],
      }),
      publicClient.readContract({
        address: farmNft,
        abi: farmNftAbi,
        functionName: "isApprovedForAll",
        args: [signer, market],
      }),
    ]);
    if (balance < shares)
      throw unprocessable(
        "INSUFFICIENT_SHARES",
        "The wallet holds fewer shares of this invoice than the listing",
        {
          held: balance.toString(),
        },
      );
    if (!approved)
      throw conflict(
        "The market may not move this wallet's shares yet: approve it on FarmNFT (setApprovalForAll) and post again",
        "MARKET_APPROVAL_MISSING",
      );
    return { side: "listing", held: balance };
  }
  if (credential.tier === 0 || BigInt(credential.validUntil) <= nowSeconds)
    throw unprocessable(
      "BUYER_NOT_VERIFIED",
      "Only a verified investor with a valid credential may offer to buy",
    );
  if (BigInt(credential.outstanding) + shares > BigInt(credential.limit))
    throw unprocessable(
      "BUYER_LIMIT_EXCEEDED",
      "These shares would take the wallet past its investment limit",
      {
        limit: credential.limit.toString(),
        outstanding: credential.outstanding.toString(),
      },
    );
  const cost = tradeCost(shares, BigInt(order.price));
  const [balance, allowance] = await Promise.all([
    publicClient.readContract({
      address: gold,
      abi: goldTokenAbi,
      functionName: "balanceOf",
      args: [signer],
    }),
    publicClient.readContract({
      address: gold,
      abi: goldTokenAbi,
      functionName: "allowance",
      args: [signer, market],
    }),
  ]);
  if (balance < cost)
    throw unprocessable("INSUFFICIENT_GOLD", "The wallet holds less GOLD than the offer would pay", {
      cost: cost.toString(),
    });
  if (allowance < cost)
    throw conflict(
      "The market may not take this wallet's GOLD yet: approve it on the GOLD token and post again",
      "GOLD_ALLOWANCE_MISSING",
    );
  const room = BigInt(credential.limit) - BigInt(credential.outstanding);
  // Offers pay out of the GOLD the wallet holds and lets the market take: the lesser of the two.
  let spendable = balance;
  if (allowance < spendable) spendable = allowance;
  return { side: "offer", gold: spendable, room };
}

/**
 * POST /api/market/orders: a signed listing or offer of the signed-in wallet, checked (price bounds, the EIP-712
 * signature against this chain and market, expiry on the chain's clock, then the chain itself), then kept in the book
 * if the wallet is under the open-order cap and the order fits on top of what its live orders commit already.
 */
export async function postMarketOrder(
  app: MarketApp & Pick<FastifyInstance, "config">,
  wallet: Address,
  order: MarketOrderRequest,
  now: Date,
): Promise<MarketOrderView> {
  const market = marketAddressOf(app);
  if (!isAddressEqual(order.signer as Address, wallet))
    throw forbidden("Post only orders signed by the wallet you are signed in with");
  if (BigInt(order.price) > MARKET_MAX_PRICE)
    throw unprocessable("PRICE_OUT_OF_RANGE", "A price is more than 0 and at most twice face value (2e18)");
  if (!(await signedBySigner(app, order, market)))
    throw unprocessable(
      "ORDER_SIGNATURE_INVALID",
      "The signature is not the signer's over these terms for this chain and market, in the form FarmMarket takes " +
        "(an ECDSA signature's v is 27 or 28 and its s in the lower half of the curve order)",
    );
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000));
  const expiry = BigInt(order.expiry);
  if (expiry <= nowSeconds) throw unprocessable("ORDER_EXPIRED", "The order has expired");
  if (expiry > nowSeconds + BigInt(MARKET_MAX_EXPIRY_SECONDS))
    throw unprocessable("ORDER_EXPIRY_TOO_FAR", "An order may run at most 90 days");
  const funds = await checkOnChain(app, market, order, nowSeconds);
  const nonce = BigInt(order.nonce);
  const tokenId = BigInt(order.tokenId);
  const shares = BigInt(order.shares);
  const price = BigInt(order.price);
  const nonceUsed = () =>
    conflict(
      "This wallet already has an order with this nonce: sign it with a new nonce",
      "ORDER_NONCE_USED",
    );
  // Under the signer's lock, so two posts at once cannot both fit on top of the same commitments.
  await app.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${POST_LOCK_SPACE}::int, hashtext(${order.signer}))`);
    const [taken] = await tx
      .select({ id: marketOrders.id })
      .from(marketOrders)
      .where(and(eq(marketOrders.signer, order.signer), eq(marketOrders.nonce, nonce)));
    if (taken) throw nonceUsed();
    const open = await readCommitments(tx, order.signer, tokenId, nowSeconds);
    checkCommitments({ shares, price }, funds, open, app.config.market.maxOpenOrders);
    const inserted = await tx
      .insert(marketOrders)
      .values({
        signer: order.signer,
        nonce,
        side: order.side,
        tokenId,
        shares,
        price,
        expiry,
        signature: order.signature.toLowerCase(),
      })
      .onConflictDoNothing()
      .returning({ id: marketOrders.id });
    if (inserted.length === 0) throw nonceUsed();
  });
  // A fill indexed between the chain's check and the insert is counted at once.
  await refreshMarketOrders(app.db, [{ signer: order.signer, nonce }]);
  const view = await readOrder(app.db, order.signer, nonce, now);
  if (!view) throw new Error("the order was stored but cannot be read back");
  return view;
}

/**
 * One order by signer and nonce, with the chain's word on it while the book still says open: an order the chain
 * says is cancelled (or filled further than indexed yet) is shown so at once, before the indexer catches up.
 */
export async function readOrderNow(
  app: MarketApp,
  signer: Address,
  nonce: bigint,
  now: Date,
): Promise<MarketOrderView | null> {
  const market = marketAddressOf(app);
  const view = await readOrder(app.db, signer, nonce, now);
  if (!view || view.status === "filled" || view.status === "cancelled") return view;
  const filled = await app.chain.publicClient
    .readContract({ address: market, abi: farmMarketAbi, functionName: "filled", args: [signer, nonce] })
    .catch(() => null);
  if (filled === null || filled <= BigInt(view.filledShares)) return view;
  if (filled === maxUint256) return { ...view, status: "cancelled", remaining: "0" };
  const shares = BigInt(view.shares);
  const left = filled >= shares ? 0n : shares - filled;
  return {
    ...view,
    filledShares: filled.toString(),
    remaining: left.toString(),
    ...(left === 0n ? { status: "filled" } : {}),
  };
}
