/**
 * zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by trying:
 * under this app's Content-Security-Policy (no 'unsafe-eval') that try is a CSP violation the browser
 * reports on every start that reads the remote config. The app parses a config file, forms and a few
 * shared locations, not hot loops: parsing without compiled code is plenty fast, and nothing is tried.
 * Imported by every module that parses in the browser (remote config, forms, shared locations), so it is
 * set before the first parse; not from the entry, which must stay free of zod (decision 0019).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
