/**
 * The console project's test environment: the language settled before the first render (as main.tsx
 * does), and what jsdom lacks and antd asks for: matchMedia (its responsive grid), ResizeObserver (tables,
 * text areas) and getComputedStyle of a pseudo-element (the scrollbar's width; jsdom answers for the
 * element itself instead of printing "not implemented" on every modal).
 */
import '../lib/i18n.ts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// antd's validation and motion take their time in jsdom on a busy machine; waiting is bounded, not timed.
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

const elementStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => elementStyle(element);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
