/** Where wallets' composed profiles are cached; identity changes forget them too, so they live apart from both. */
export const profileKeyPrefix = "profile:";

/** The cache key of a wallet's composed profile. */
export const profileKey = (address: string) => `${profileKeyPrefix}${address.toLowerCase()}`;
