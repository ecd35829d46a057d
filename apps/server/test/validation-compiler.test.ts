/**
 * The validator compiler's text check on its own: every HTTP part, keys as well as values, the headers a
 * route declares (and only those), multi-line fields found through wrappers and unions, and a body nested
 * deeper than any call stack.
 */
import { multilineTextField } from '@tradehall/contracts';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RequestValidationError, zodValidatorCompiler } from '../src/platform/validation.ts';

type HttpPart = 'body' | 'querystring' | 'params' | 'headers';

function validate(schema: z.ZodType, data: unknown, httpPart: HttpPart = 'body') {
  const compile = zodValidatorCompiler as FastifySchemaCompiler<z.ZodType>;
  const validator = compile({ schema, method: 'POST', url: '/test', httpPart } as Parameters<
    typeof compile
  >[0] &
    FastifySchema);
  return validator(data) as { value?: unknown; error?: unknown };
}

const detailsOf = (outcome: { error?: unknown }) =>
  outcome.error instanceof RequestValidationError ? outcome.error.details : [];

const REFUSED = 'validation.controlCharacters';

describe('the validator compiler refuses invalid text before the schema', () => {
  it('in every part, naming the field, even one the schema would refuse anyway', () => {
    const schema = z.strictObject({ name: z.string(), id: z.uuid() });
    for (const part of ['body', 'querystring', 'params'] as const) {
      expect(detailsOf(validate(schema, { name: 'a\u0000', id: 'b\uD800' }, part))).toEqual([
        { path: 'name', key: REFUSED },
        { path: 'id', key: REFUSED },
      ]);
    }
    // An unknown field's key with a NUL is named by its position: its text is the problem.
    expect(detailsOf(validate(schema, { name: 'ok', 'x\u0000': 1 }))).toEqual([
      { path: '[1]', key: REFUSED },
    ]);
    // Nested, in arrays: the full path.
    const nested = z.object({ list: z.array(z.object({ text: z.string() })) });
    expect(detailsOf(validate(nested, { list: [{ text: 'ok' }, { text: '\u001b[2J' }] }))).toEqual([
      { path: 'list.1.text', key: REFUSED },
    ]);
  });

  it('checks only the headers a route declares', () => {
    const schema = z.object({ 'x-client': z.string() });
    const headers = { 'x-client': 'web\u0085', 'user-agent': 'Mozilla\u0080' };
    expect(detailsOf(validate(schema, headers, 'headers'))).toEqual([{ path: 'x-client', key: REFUSED }]);
    expect(
      validate(schema, { 'x-client': 'web', 'user-agent': 'Mozilla\u0080' }, 'headers').error,
    ).toBeUndefined();
  });

  it('lets line breaks through only where the schema says multi-line, through wrappers and unions', () => {
    const body = z.discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('note'),
        text: multilineTextField(100, 'validation.required').optional(),
      }),
      z.strictObject({ kind: z.literal('name'), title: z.string() }),
    ]);
    expect(validate(body, { kind: 'note', text: 'one\ntwo\tthree' }).error).toBeUndefined();
    expect(detailsOf(validate(body, { kind: 'name', title: 'one\ntwo' }))).toEqual([
      { path: 'title', key: REFUSED },
    ]);
    expect(detailsOf(validate(body, { kind: 'note', text: 'one\u0000' }))).toEqual([
      { path: 'text', key: REFUSED },
    ]);
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    const outcome = validate(z.object({ a: z.string() }), deep);
    expect(detailsOf(outcome)).toHaveLength(1);
    expect(detailsOf(outcome)[0]?.key).toBe(REFUSED);
  });

  it('keeps the number of details bounded', () => {
    const many = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`f${index}`, '\u0000']));
    expect(detailsOf(validate(z.object({}), many))).toHaveLength(20);
  });
});
