import { type Invoice, type TokenMetadata, withoutUnsafeText } from "@farm/core";
import { formatUnits } from "viem";

/** What a token's metadata and picture are made of: the index's terms and the farm's public profile, nothing else. */
export type TokenFacts = Pick<
  Invoice,
  "tokenId" | "amount" | "tenorDays" | "yieldBps" | "status" | "farmerProfile"
>;

/**
 * Text from a farmer as wallets and explorers may show it: no control or bidi characters and no markup (metadata is
 * served to any origin, and some wallets render descriptions as HTML).
 */
export function metadataText(text: string): string {
  return withoutUnsafeText(text)
    .replace(/<[^>]*>?/g, "")
    .replace(/[<>]/g, "")
    .trim();
}

/** What the crop is: the farm's first listed crop, or plain produce when the farm has not said. */
export function commodityOf(invoice: TokenFacts): string {
  return metadataText(invoice.farmerProfile?.crops[0] ?? "") || "produce";
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/**
 * ERC-1155 metadata of an invoice token. Built from the index and the farm's public profile only: no invoice number,
 * buyer, description text or anything about the farmer as a person.
 */
export function tokenMetadata(invoice: TokenFacts, publicApiUrl: string): TokenMetadata {
  const commodity = commodityOf(invoice);
  const farm = invoice.farmerProfile ? metadataText(invoice.farmerProfile.businessName) || null : null;
  const region = invoice.farmerProfile
    ? metadataText(`${invoice.farmerProfile.city}, ${invoice.farmerProfile.province}`)
    : null;
  const amount = Number(formatUnits(BigInt(invoice.amount), 18)).toLocaleString("en-US");
  const from = farm ? ` from ${farm}${region ? ` (${region})` : ""}` : "";
  return {
    name: `Farm seed #${invoice.tokenId}: ${commodity}`,
    description:
      `A share of a ${amount} GOLD ${commodity} invoice${from}, financed on Farm for ${invoice.tenorDays} days ` +
      `at ${percent(invoice.yieldBps)} for the term. One unit is one GOLD base unit of principal.`,
    image: `${publicApiUrl}/api/metadata/${invoice.tokenId}/image.svg`,
    decimals: 18,
    properties: {
      commodity,
      termDays: invoice.tenorDays,
      yieldBps: invoice.yieldBps,
      yieldForTerm: percent(invoice.yieldBps),
      status: invoice.status,
      farm,
      region,
    },
    attributes: [
      { trait_type: "Commodity", value: commodity },
      { trait_type: "Term (days)", value: invoice.tenorDays },
      { trait_type: "Yield for the term", value: percent(invoice.yieldBps) },
      { trait_type: "Status", value: invoice.status },
      ...(farm ? [{ trait_type: "Farm", value: farm }] : []),
      ...(region ? [{ trait_type: "Region", value: region }] : []),
    ],
  };
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** Leaf colour by how the invoice is doing: green while it grows, gold when repaid, grey when it failed. */
const leafColour: Record<string, string> = {
  pending: "#9bbf7a",
  approved: "#7cb342",
  funded: "#4caf50",
  repaid: "#e0a526",
  defaulted: "#8d8d8d",
  settled: "#a1887f",
  rejected: "#bdbdbd",
  cancelled: "#bdbdbd",
};

/** The crop as a small self-contained SVG (no scripts, no external references), labelled with the commodity. */
export function cropImageSvg(invoice: TokenFacts): string {
  const colour = leafColour[invoice.status] ?? "#7cb342";
  const label = escapeXml(commodityOf(invoice).slice(0, 24));
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256" role="img" aria-label="${label}">
<rect width="256" height="256" rx="24" fill="#f4efe1"/>
<path d="M0 196h256v60H0z" fill="#8d6e4c"/>
<path d="M128 196V112" stroke="#3e7a32" stroke-width="8" stroke-linecap="round"/>
<path d="M128 140c-30 0-52-20-56-50 30 0 52 20 56 50z" fill="${colour}"/>
<path d="M128 124c30 0 52-20 56-50-30 0-52 20-56 50z" fill="${colour}"/>
<circle cx="128" cy="92" r="14" fill="${colour}"/>
<text x="128" y="234" font-family="sans-serif" font-size="20" text-anchor="middle" fill="#fffaf0">${label}</text>
</svg>`;
}
