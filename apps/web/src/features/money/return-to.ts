/**
 * Where a form page goes once done: back to the page that opened it (the withdraw page or card
 * management), or, opened directly with nothing to go back to, to its usual page.
 */
import { browserCanGoBack, type Navigation } from '../../lib/navigation.ts';

export function returnTo(nav: Navigation, fallback: string): void {
  if (browserCanGoBack()) nav.navigateBack();
  else nav.redirectTo(fallback);
}
