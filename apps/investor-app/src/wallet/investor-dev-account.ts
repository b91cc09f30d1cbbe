/** The local dev wallet starts on anvil account 3, the first investor of the local stack's role convention. */
export const investorDevAccountIndex = 3;
