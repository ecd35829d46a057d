import { describe, expect, it } from 'vitest';
import { messageKeys, request } from '../../test/form-schemas.ts';
import { lineUrlSchema } from './forms.ts';

/** The origin kept, or the message key of the refusal. */
function check(input: string, known: readonly string[], manualCount: number) {
  const schema = lineUrlSchema(known, manualCount);
  const refusal = messageKeys(schema, { url: input }).url;
  return refusal ?? request(schema, { url: input }).origin;
}

describe('the add-a-line form', () => {
  it('keeps the origin of an http(s) server address', () => {
    expect(check(' https://Line2.Example.com/ ', [], 0)).toBe('https://line2.example.com');
    expect(check('http://10.0.0.5:3000', [], 0)).toBe('http://10.0.0.5:3000');
  });

  it('asks for a line when nothing was entered', () => {
    expect(check('   ', [], 0)).toBe('serverLines.errors.required');
  });

  it.each([
    'line2.example.com',
    'ftp://line2.example.com',
    'javascript:alert(1)',
    'https://',
    'data:text/html,x',
  ])('refuses %s as not an http(s) address', (input) => {
    expect(check(input, [], 0)).toBe('serverLines.errors.invalid');
  });

  it.each([
    'https://a.example.com/api',
    'https://a.example.com/?x=1',
    'https://a.example.com/#x',
    'https://u:p@a.example.com',
  ])('refuses %s: only the server address, nothing after it', (input) => {
    expect(check(input, [], 0)).toBe('serverLines.errors.path');
  });

  it('refuses a line already listed, however it is written', () => {
    expect(check('HTTPS://a.example.com:443/', ['https://a.example.com'], 0)).toBe(
      'serverLines.errors.duplicate',
    );
  });

  it('refuses more than the manual limit', () => {
    expect(check('https://new.example.com', [], 10)).toBe('serverLines.errors.tooMany');
  });
});
