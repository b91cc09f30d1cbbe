/** Money and ids arrive from the API as decimal integer strings; these turn them into bigint without floats. */
const integerPattern = /^-?\d+$/;

export function toBigInt(value: string | number | bigint): bigint {
  if (typeof value === "bigint") return value;
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
    return BigInt(value);
  }
  if (!integerPattern.test(value)) throw new RangeError(`not an integer string: ${JSON.stringify(value)}`);
  return BigInt(value);
}

/** Like toBigInt, for optional fields: null and undefined stay absent. */
export function toBigIntOrNull(value: string | number | bigint | null | undefined): bigint | null {
  return value === null || value === undefined ? null : toBigInt(value);
}
