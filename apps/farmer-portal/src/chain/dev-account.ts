import { ANVIL_BUYER_INDEX } from "@farm/core/dev-accounts";

/** The local dev wallet offers the demo farmer (anvil account 2) first in this portal. */
export const farmerDevAccountIndex = 2;

/** A buyer opening a confirmation link gets a fresh account (anvil account 10) offered first. */
export const buyerDevAccountIndex = ANVIL_BUYER_INDEX;
