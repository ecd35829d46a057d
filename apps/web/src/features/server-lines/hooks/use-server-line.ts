/**
 * The server line in use and the lines the user added, as React state that follows lib/storage.ts. With
 * no line chosen yet, the app talks to the server that served the page, which is then the one in use.
 */
import { useCallback, useState, useSyncExternalStore } from 'react';
import {
  getManualServerLines,
  getServerLine,
  setManualServerLines,
  subscribeServerLine,
} from '../../../lib/storage.ts';

export function useServerLine(): { chosen: string | null; inUse: string } {
  const chosen = useSyncExternalStore(subscribeServerLine, getServerLine, () => null);
  return { chosen, inUse: chosen ?? window.location.origin };
}

export function useManualLines(): {
  manual: string[];
  add: (origin: string) => void;
  remove: (origin: string) => void;
} {
  const [manual, setManual] = useState(getManualServerLines);
  const add = useCallback((origin: string) => {
    const next = [...getManualServerLines().filter((item) => item !== origin), origin];
    setManualServerLines(next);
    setManual(next);
  }, []);
  const remove = useCallback((origin: string) => {
    const next = getManualServerLines().filter((item) => item !== origin);
    setManualServerLines(next);
    setManual(next);
  }, []);
  return { manual, add, remove };
}
