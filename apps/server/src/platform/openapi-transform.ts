/**
 * What the OpenAPI document says beyond the JSON schemas zod writes for each route: the route's schemas
 * as the zod transform renders them, then
 * - a declared multipart body (an upload) as the request body. Fastify never sees it as a body schema (it
 *   would check it against a parsed body, which a multipart request does not have), so it is added here,
 *   to the document only, from the declaration the route was registered with;
 * - null in the `enum` of a nullable enum. OpenAPI 3.0 applies `enum` after `nullable`, so an enum that
 *   does not list null refuses it; zod's 3.0 output leaves null out, and the document would refuse the
 *   null the server sends.
 */
import type { SwaggerTransform } from '@fastify/swagger';
import type { MultipartBody } from '@tradehall/contracts';

export function documentTransform(transform: SwaggerTransform): SwaggerTransform {
  return (input) => {
    const result = transform(input);
    if (!result.schema) return result;
    const multipart = input.route.config?.endpoint?.multipart;
    const schema = withNullInNullableEnums(result.schema);
    return { ...result, schema: multipart ? { ...schema, body: multipartBodySchema(multipart) } : schema };
  };
}

function multipartBodySchema(body: MultipartBody) {
  const megabytes = body.maxBytes / (1024 * 1024);
  return {
    type: 'object',
    required: [body.field],
    properties: {
      [body.field]: {
        type: 'string',
        format: 'binary',
        description: `One file: ${body.types.join(', ')}; at most ${megabytes} MB (${body.maxBytes} bytes)`,
      },
    },
  };
}

function withNullInNullableEnums<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => withNullInNullableEnums(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) result[key] = withNullInNullableEnums(child);
  if (result.nullable === true && Array.isArray(result.enum) && !result.enum.includes(null)) {
    result.enum = [...result.enum, null];
  }
  return result as T;
}
