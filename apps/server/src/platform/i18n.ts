/**
 * The request's language: the web app sends its own locale code (`jp`, `zh-cn`...) in Accept-Language,
 * a browser sends standard tags (`ja`, `zh-TW`...); resolveLocale accepts both and falls back to English.
 */
import { translateShared } from '@tradehall/contracts';
import { type Locale, resolveLocale } from '@tradehall/domain';
import type { FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return resolveLocale(Array.isArray(header) ? header.join(',') : header);
}

export function translate(locale: Locale, key: string, params?: Record<string, string>): string {
  return translateShared(locale, key, params);
}
