/**
 * Reads the served OpenAPI description into the operations the input fuzz test calls: each
 * route's path, query and body fields with their JSON schemas.
 */

export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Param = { name: string; schema: JsonSchema; required: boolean };

export interface Operation {
  method: 'GET' | 'POST';
  /** OpenAPI path, `{name}` for path parameters. */
  path: string;
  pathParams: Param[];
  query: Param[];
  /** JSON body schema; undefined when the route takes no JSON body. */
  body?: JsonSchema;
  /** The route reads a multipart upload rather than JSON. */
  multipart: boolean;
}

type OpenApiOperation = {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

export function operationsOf(doc: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      if (m !== 'GET' && m !== 'POST') continue;
      const params = (where: string) =>
        (op.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true }));
      const content = op.requestBody?.content ?? {};
      out.push({
        method: m,
        path,
        pathParams: params('path'),
        query: params('query'),
        body: content['application/json']?.schema,
        // The upload route states its multipart body in its summary: its parts have no JSON schema.
        multipart: 'multipart/form-data' in content || /multipart/.test(op.summary ?? ''),
      });
    }
  }
  return out;
}

/** A plausible valid value for a schema (defaults, first enum member, the lower bound). */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alt?.length) return sampleOf(alt.find((s) => s.type !== 'null') ?? alt[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      return schema.exclusiveMinimum === true ? min + 1 : min;
    }
    case 'boolean':
      return false;
    case 'array':
      return schema.minItems ? [sampleOf(schema.items)] : [];
    case 'object':
      return Object.fromEntries(
        (schema.required ?? []).map((k) => [k, sampleOf(schema.properties?.[k])] as [string, unknown]),
      );
    default:
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}
