import { describe, expect, it } from 'vitest';
import { MAX_MANUAL_LINES, validateLineUrl } from './validation.ts';

describe('validateLineUrl', () => {
  it('keeps the origin of an http(s) server address', () => {
    expect(validateLineUrl(' https://Line2.Example.com/ ', [], 0)).toEqual({
      ok: true,
      origin: 'https://line2.example.com',
    });
    expect(validateLineUrl('http://10.0.0.5:3000', [], 0)).toEqual({
      ok: true,
      origin: 'http://10.0.0.5:3000',
    });
  });

  it('asks for a line when nothing was entered', () => {
    expect(validateLineUrl('   ', [], 0)).toEqual({ ok: false, error: 'required' });
  });

  it.each([
    'line2.example.com',
    'ftp://line2.example.com',
    'javascript:alert(1)',
    'https://',
    'data:text/html,x',
  ])('refuses %s as not an http(s) address', (input) => {
    expect(validateLineUrl(input, [], 0)).toEqual({ ok: false, error: 'invalid' });
  });

  it.each([
    'https://a.example.com/api',
    'https://a.example.com/?x=1',
    'https://a.example.com/#x',
    'https://u:p@a.example.com',
  ])('refuses %s: only the server address, nothing after it', (input) => {
    expect(validateLineUrl(input, [], 0)).toEqual({ ok: false, error: 'path' });
  });

  it('refuses a line already listed, however it is written', () => {
    expect(validateLineUrl('HTTPS://a.example.com:443/', ['https://a.example.com'], 0)).toEqual({
      ok: false,
      error: 'duplicate',
    });
  });

  it('refuses more than the manual limit', () => {
    expect(validateLineUrl('https://new.example.com', [], MAX_MANUAL_LINES)).toEqual({
      ok: false,
      error: 'tooMany',
    });
  });
});
