import type { TypedDataDefinition } from "viem";

type TypedField = { name: string; type: string };

/**
 * eth_signTypedData_v4 carries its message as JSON, so uint/int values arrive as strings; viem signs bigints.
 * Walks the declared types and turns integer fields back into bigint.
 */
export function reviveTypedData(json: string): TypedDataDefinition {
  const data = JSON.parse(json) as {
    types: Record<string, TypedField[]>;
    primaryType: string;
    domain: Record<string, unknown>;
    message: Record<string, unknown>;
  };
  const revive = (type: string, value: unknown): unknown => {
    if (type.endsWith("]")) {
      const inner = type.slice(0, type.lastIndexOf("["));
      return Array.isArray(value) ? value.map((item) => revive(inner, item)) : value;
    }
    if (/^u?int\d*$/.test(type) && (typeof value === "string" || typeof value === "number"))
      return BigInt(value);
    const fields = data.types[type];
    if (fields && typeof value === "object" && value !== null) {
      const record = value as Record<string, unknown>;
      return Object.fromEntries(fields.map((field) => [field.name, revive(field.type, record[field.name])]));
    }
    return value;
  };
  const { EIP712Domain: _domainType, ...types } = data.types;
  const domain = revive("EIP712Domain", data.domain) as Record<string, unknown>;
  return {
    types,
    primaryType: data.primaryType,
    domain,
    message: revive(data.primaryType, data.message) as Record<string, unknown>,
  } as unknown as TypedDataDefinition;
}
