export declare function keyUsage(sources: readonly string[]): {
  /** Keys of the dictionary that no source reads. */
  unused: (keys: Iterable<string>) => string[];
  /** Keys the sources pass to `t("...")` that the dictionary lacks (in any plural form). */
  missing: (sourcesToScan: readonly string[], keys: ReadonlySet<string>) => string[];
};
