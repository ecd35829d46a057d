/**
 * Request validation with the contract's zod schemas. Unlike the stock compiler of
 * fastify-type-provider-zod, it keeps each issue as a field path plus the i18n key of its message, so
 * the error handler can answer in the request's language. Contract rules already carry keys
 * (`validation.*`); zod's built-in checks (missing field, wrong type, extra field) get generic ones.
 *
 * Before any schema runs, every string the request carries in the part being validated (body, query,
 * path parameters, declared headers), object keys included, is checked against the text rule: a NUL, a
 * lone surrogate or another control character is refused here, once, for every route, whatever its
 * schema says (and before it can reach a database that cannot store it). Tabs and line breaks pass only
 * where the field's schema is marked multi-line in the contracts.
 */
import { GENERIC_VALIDATION_KEYS as GENERIC, isMultilineText } from '@tradehall/contracts';
import { checkText, isValidText } from '@tradehall/domain';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

export interface ValidationDetail {
  path: string;
  key: string;
}

export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  readonly statusCode = 400;

  constructor(readonly details: ValidationDetail[]) {
    super(`request validation failed: ${details.map((d) => `${d.path || '(body)'} ${d.key}`).join(', ')}`);
  }
}

const joinPath = (segments: readonly PropertyKey[]): string => segments.map(String).join('.');

function keyOf(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('validation.')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      // `input` is present because validation runs with reportInput; it is never sent back or logged.
      return (issue as { input?: unknown }).input == null ? GENERIC.required : GENERIC.invalidType;
    case 'unrecognized_keys':
      return GENERIC.unknownField;
    case 'too_big':
      return 'validation.tooLong';
    default:
      return GENERIC.invalidValue;
  }
}

/** One detail per field: the first problem found is the one a form shows next to it. */
export function issuesToDetails(issues: readonly z.core.$ZodIssue[]): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  const add = (path: string, key: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    details.push({ path, key });
  };
  for (const issue of issues) {
    const key = keyOf(issue);
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) add(joinPath([...issue.path, name]), key);
    } else {
      add(joinPath(issue.path), key);
    }
  }
  return details;
}

/**
 * The router's limit on one path parameter: more than a request line can carry through Node's default
 * 16 KiB header limit, so a real request never meets it and its schema answers instead.
 */
export const MAX_PATH_PARAM_LENGTH = 16 * 1024;

/** Enough fields to point at; a body with thousands of bad strings does not get thousands of details. */
const MAX_TEXT_DETAILS = 20;

type Segment = string | number;

/** The parts of zod's schema definitions the multi-line lookup walks through. */
interface SchemaDef {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  getter?: () => z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  catchall?: z.core.$ZodType;
  element?: z.core.$ZodType;
  valueType?: z.core.$ZodType;
  items?: readonly z.core.$ZodType[];
  rest?: z.core.$ZodType | null;
}

const defOf = (schema: z.core.$ZodType): SchemaDef => schema._zod.def as unknown as SchemaDef;

/**
 * Whether the schema marks the string at `path` as multi-line text. Anything it cannot follow (an
 * unknown field, a shape it does not know) is single-line: the strict answer is the default.
 */
function allowsMultiline(schema: z.core.$ZodType, path: readonly Segment[], depth = 0): boolean {
  if (depth === path.length && isMultilineText(schema)) return true;
  const def = defOf(schema);
  // Wrappers: the field's own schema is inside.
  const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined) ?? def.getter?.();
  if (inner) return allowsMultiline(inner, path, depth);
  if (def.options) return def.options.some((option) => allowsMultiline(option, path, depth));
  if (def.left && def.right) {
    return allowsMultiline(def.left, path, depth) || allowsMultiline(def.right, path, depth);
  }
  if (depth === path.length) return false;
  const segment = path[depth];
  let next: z.core.$ZodType | undefined | null;
  if (def.type === 'object' && typeof segment === 'string') {
    next = (def.shape && Object.hasOwn(def.shape, segment) ? def.shape[segment] : undefined) ?? def.catchall;
  } else if (def.type === 'array') {
    next = def.element;
  } else if (def.type === 'record' && typeof segment === 'string') {
    next = def.valueType;
  } else if (def.type === 'tuple' && typeof segment === 'number') {
    next = def.items?.[segment] ?? def.rest;
  }
  return next ? allowsMultiline(next, path, depth + 1) : false;
}

/** A path as a chain back to the root: a step costs O(1), so deep nesting stays linear. */
interface PathNode {
  segment: Segment;
  parent: PathNode | null;
}

function segmentsOf(node: PathNode | null): Segment[] {
  const segments: Segment[] = [];
  for (let step = node; step; step = step.parent) segments.push(step.segment);
  return segments.reverse();
}

/**
 * The edge's text check: every string (and key) in `data` that breaks the text rule, as validation
 * details. Iterative, and linear in the size of the input, so a deeply nested body can neither exhaust
 * the stack nor cost quadratic time before the schema refuses it.
 */
export function invalidTextDetails(data: unknown, schema: z.core.$ZodType): ValidationDetail[] {
  const details: ValidationDetail[] = [];
  const seen = new Set<string>();
  const refuse = (path: Segment[]) => {
    const name = joinPath(path);
    if (seen.has(name)) return;
    seen.add(name);
    details.push({ path: name, key: 'validation.controlCharacters' });
  };
  const pending: Array<{ value: unknown; at: PathNode | null }> = [{ value: data, at: null }];
  while (pending.length > 0 && details.length < MAX_TEXT_DETAILS) {
    const { value, at } = pending.pop() as { value: unknown; at: PathNode | null };
    if (typeof value === 'string') {
      if (checkText(value) === null) continue;
      const path = segmentsOf(at);
      // Only tabs and line breaks can pass, and only in a field marked multi-line.
      if (isValidText(value, { multiline: true }) && allowsMultiline(schema, path)) continue;
      refuse(path);
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], at: { segment: index, parent: at } });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, inner] = entries[index] as [string, unknown];
        if (checkText(key) !== null) {
          // A key is never multi-line; name it by its position, since its text is what is wrong.
          refuse(segmentsOf({ segment: `[${index}]`, parent: at }));
          continue;
        }
        pending.push({ value: inner, at: { segment: key, parent: at } });
      }
    }
  }
  return details;
}

/** Only the headers a route declares are its input; the rest are the HTTP layer's business. */
function declaredHeaders(data: unknown, schema: z.core.$ZodType): unknown {
  const shape = defOf(schema).shape;
  if (!shape || data === null || typeof data !== 'object') return undefined;
  const headers = data as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(shape)
      .filter((name) => Object.hasOwn(headers, name.toLowerCase()))
      .map((name) => [name, headers[name.toLowerCase()]]),
  );
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const checked = httpPart === 'headers' ? declaredHeaders(data, schema) : data;
    const textDetails = invalidTextDetails(checked, schema);
    if (textDetails.length > 0) return { error: new RequestValidationError(textDetails) };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(issuesToDetails(result.error.issues)) };
  };
