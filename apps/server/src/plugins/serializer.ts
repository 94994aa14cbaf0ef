// Hand-written in place of fastify-type-provider-zod's serializer (decision 0018): zod encoded each
// answer before JSON.stringify; fast-json-stringify compiles each route's schema once. Tests build
// the app with `verifyResponses`, which also encodes with zod and compares.
import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import type { Schema as JsonSchema } from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Json = Record<string, unknown>;

const isZod = (s: unknown): s is z.ZodType => s instanceof z.ZodType;

/**
 * `anyOf: [X, {type: "null"}]` (zod's `.nullable()`) as `type: [X's type, "null"]`: fast-json-stringify
 * writes that directly, where an anyOf costs a schema validation per value.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = simplify(v);
  const anyOf = out.anyOf as Json[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nul = anyOf.findIndex((b) => b.type === 'null' && Object.keys(b).length === 1);
    const other = anyOf[1 - nul];
    if (nul !== -1 && other && typeof other.type === 'string' && other.anyOf === undefined && other.oneOf === undefined) {
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/** The JSON Schema fast-json-stringify compiles for a zod response schema (what the server sends). */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-07', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return simplify(json) as JsonSchema;
}

/**
 * fast-json-stringify's writer for each zod schema, compiled once per process: route schemas are
 * module constants, so an app built again in the same process (the tests build one per file) reuses
 * them. A writer is a pure function of its schema.
 */
const writers = new WeakMap<z.ZodType, (data: unknown) => string>();
function compiled(schema: z.ZodType): (data: unknown) => string {
  let writer = writers.get(schema);
  if (!writer) writers.set(schema, (writer = fastJson(responseJsonSchema(schema))));
  return writer;
}

/**
 * Response serializer for zod schemas (decision 0018): the schema is turned into JSON Schema once
 * and compiled with fast-json-stringify, Fastify's own serializer. It writes only the declared
 * properties, so unknown keys never leave the server, but it does not re-validate what the
 * handler built (fastify-type-provider-zod ran a zod encode on every answer).
 *
 * `verify` (tests): each answer is also encoded with zod as before, and any difference, or a
 * value zod refuses, fails the request — the whole suite checks the handlers and this serializer.
 */
export function createSerializerCompiler(opts: { verify?: boolean } = {}): FastifySerializerCompiler<unknown> {
  return ({ schema: maybe, method, url }) => {
    const schema = isZod(maybe) ? maybe : (maybe as { properties?: unknown }).properties;
    if (!isZod(schema)) throw new Error(`${method} ${url}: a response schema must be a zod schema`);
    const stringify = compiled(schema);
    if (!opts.verify) return (data) => stringify(data);
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const out = stringify(data);
      const expected = JSON.stringify(encoded.data);
      if (!jsonEqual(JSON.parse(out), JSON.parse(expected))) {
        throw new Error(`${method} ${url}: fast-json-stringify wrote ${out}, zod ${expected}`);
      }
      return out;
    };
  };
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => jsonEqual((a as Json)[k], (b as Json)[k]));
}
