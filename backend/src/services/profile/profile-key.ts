/** The cache key of a wallet's composed profile; identity changes forget it too, so it lives apart from both. */
export const profileKey = (address: string) => `profile:${address.toLowerCase()}`;
