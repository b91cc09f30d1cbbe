/** A day in milliseconds and in seconds: UTC days, terms and grace periods are counted in these, defined only here. */
export const MS_PER_DAY = 86_400_000;
export const SECONDS_PER_DAY = 86_400;
