/**
 * Unit tests only (a setup file of the web project in the root vitest.config.ts). Vitest hands the
 * libraries in node_modules to Node itself, ES modules to its `import` and the CommonJS files of the UI
 * kit's helpers (ahooks, rc-util, antd-mobile-icons) to its `require`; neither sees Vite's aliases, so
 * they would get the real React next to preact's renderer ("Invalid hook call"). This sends both to
 * preact/compat. preact 11 ships ES modules only, so a `require` gets the very module instance an
 * `import` gets.
 */
import Module, { createRequire, register } from 'node:module';
import { PREACT_FOR_REACT } from './preact-aliases.ts';

const IMPORT_HOOK = `
const PREACT_FOR_REACT = ${JSON.stringify(PREACT_FOR_REACT)};
export function resolve(specifier, context, next) {
  return next(PREACT_FOR_REACT[specifier] ?? specifier, context);
}`;

type Resolver = ((request: string, ...rest: unknown[]) => string) & { preact?: true };
const loader = Module as unknown as { _resolveFilename: Resolver };
const require = createRequire(import.meta.url);

if (!loader._resolveFilename.preact) {
  register(`data:text/javascript,${encodeURIComponent(IMPORT_HOOK)}`, import.meta.url);
  const resolve = loader._resolveFilename;
  const patched: Resolver = function (this: unknown, request, ...rest) {
    const preact = PREACT_FOR_REACT[request];
    return resolve.call(this, preact ? require.resolve(preact) : request, ...rest);
  };
  patched.preact = true;
  loader._resolveFilename = patched;
}
