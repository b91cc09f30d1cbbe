import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

type RouteSchema = z.ZodType | { properties: z.ZodType };

const zodOf = (schema: RouteSchema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties);

/**
 * Answers written by a serializer compiled once per route and status from the documented response schema
 * (fast-json-stringify over the schema's JSON Schema, as Fastify does for JSON Schema routes), instead of re-parsing
 * each answer with zod and then stringifying it. Only the documented properties are written, as zod's encoding did.
 * A schema that cannot be compiled keeps zod's serializer; outside production the response contract still checks every
 * answer against its schema (plugins/response-contract.ts).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<RouteSchema> = (route) => {
  try {
    return compileAnswerSerializer(zodOf(route.schema));
  } catch {
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  }
};

/** The compiled writer of one answer schema; throws when the schema has no JSON Schema form. */
export function compileAnswerSerializer(schema: z.ZodType): (data: unknown) => string {
  const jsonSchema = z.toJSONSchema(schema, {
    target: "draft-7",
    io: "output",
    // Inline every shape: the compiled function then needs no reference resolution.
    metadata: z.registry(),
    unrepresentable: "throw",
  });
  return fastJson(withNullableTypes(jsonSchema) as Parameters<typeof fastJson>[0]);
}

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes a nullable value as `anyOf: [X, {type: "null"}]`, which fast-json-stringify resolves per answer by
 * validating each branch (ajv, formats included); `X` with `type: [X's type, "null"]` writes the same bytes without
 * that check.
 */
function withNullableTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableTypes);
  if (typeof schema !== "object" || schema === null) return schema;
  const node = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, withNullableTypes(value)]),
  ) as JsonSchema;
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const nullIndex = branches.findIndex((branch: JsonSchema) => branch.type === "null");
  const other = branches[1 - nullIndex] as JsonSchema | undefined;
  if (nullIndex === -1 || typeof other?.type !== "string" || "anyOf" in other) return node;
  const { anyOf: _, ...rest } = node;
  return { ...rest, ...other, type: [other.type, "null"] };
}
