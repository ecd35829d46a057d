/**
 * After a navigation inside the app, keyboard and screen-reader focus moves to the new page's heading
 * (its h1), as a full page load would put the reader at the top of the new page; otherwise focus stays on
 * the link just activated, now gone, and the reader is left nowhere. Not on the first load (the browser
 * starts at the top already). A heading rendered late is awaited for a short while.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

export const HEADING_WAIT_MS = 3_000;

function focusHeading(): boolean {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

export function FocusHeading() {
  const { pathname } = useLocation();
  // The first page's path: no navigation has happened while it stays the same.
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // The data router changes the location once the new page's module has loaded, so its heading is
    // normally there after this commit; a page still fetching what it shows may render it a little later.
    const until = Date.now() + HEADING_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      if (!focusHeading() && Date.now() < until) frame = requestAnimationFrame(attempt);
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
  return null;
}
