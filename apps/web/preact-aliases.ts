/**
 * The web app runs on preact/compat instead of React: every import of react, react-dom and their entry
 * points, the app's and its libraries' (react-router, react-query, react-i18next, antd-mobile, Testing
 * Library), resolves to preact's compatibility layer. Used by the build (vite.config.ts) and by the unit
 * tests (the web project of the root vitest.config.ts, and preact-in-node.ts for what Node loads itself),
 * so both run what ships. Types still come from @types/react: only the runtime is swapped. Decision 0021
 * tells why and how to go back.
 */
export const PREACT_FOR_REACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
};

/** The same, as Vite aliases: exact names only (a plain "react" alias would also catch "react-dom"). */
export const PREACT_ALIASES = Object.entries(PREACT_FOR_REACT).map(([name, replacement]) => ({
  find: new RegExp(`^${name}$`),
  replacement,
}));
