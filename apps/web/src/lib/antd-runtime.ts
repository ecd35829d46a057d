/**
 * Set-up antd-mobile needs before any of its components shows. Every module that uses an antd-mobile
 * component imports this first (`import '.../lib/antd-runtime.ts'`); it then travels with the first page
 * that needs the kit instead of weighing on the initial JavaScript.
 *
 * - React 19's API: antd-mobile 5 renders Toast/Dialog with its own root; `unstableSetRender` gives it
 *   createRoot, or those render nothing (preact/compat's createRoot in the build, see preact-aliases.ts).
 * - Locale: the kit's default config (used by every component, including imperative ones rendered
 *   outside the React tree) follows the app language.
 */
import { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import 'antd-mobile/es/global';
import enUS from 'antd-mobile/es/locales/en-US';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { createRoot, type Root } from 'react-dom/client';
import { loadedAntdLocale } from './antd-locale.ts';
import { currentLocale, i18n } from './i18n.ts';

const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    // Unmounting synchronously inside React's own commit phase warns; wait a tick as antd-mobile advises.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

function applyLocale(): void {
  setDefaultConfig({ locale: loadedAntdLocale(currentLocale()) ?? enUS });
}

applyLocale();
// changeLocale() loads the kit's strings before it switches the language, so they are ready here.
i18n.on('languageChanged', applyLocale);
