/**
 * Set up for every journey file (vitest.config.ts): a test fails on the first answer it received that the
 * server's OpenAPI document does not describe (support/openapi-watch.ts); answers received after the
 * last test (its file's clean-up) fail the file.
 */
import { afterAll, afterEach } from 'vitest';
import { throwFirstMismatch } from './openapi-watch.ts';

afterEach(throwFirstMismatch);
afterAll(throwFirstMismatch);
