/** The local dev wallet offers the demo farmer (anvil account 2) first in this portal. */
export const farmerDevAccountIndex = 2;
