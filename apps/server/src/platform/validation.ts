/**
 * Request validation with the contract's zod schemas. Unlike the stock compiler of
 * fastify-type-provider-zod, it keeps each issue as a field path plus the i18n key of its message, so
 * the error handler can answer in the request's language. Contract rules already carry keys
 * (`validation.*`); zod's built-in checks (missing field, wrong type, extra field) get generic ones.
 */
import { GENERIC_VALIDATION_KEYS as GENERIC } from '@tradehall/contracts';
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

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(issuesToDetails(result.error.issues)) };
  };
