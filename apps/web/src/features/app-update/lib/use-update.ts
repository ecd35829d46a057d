/** The update flow's phase for React (see service-worker.ts). */
import { useSyncExternalStore } from 'react';
import { getUpdatePhase, subscribeUpdatePhase, type UpdatePhase } from './service-worker.ts';

export function useUpdatePhase(): UpdatePhase {
  return useSyncExternalStore(subscribeUpdatePhase, getUpdatePhase, getUpdatePhase);
}
