/**
 * Listening to `/ws` topics from a component: subscribed while mounted (the client sends `sub` once per
 * topic however many components listen, and restores it after every reconnect), the latest callbacks
 * always called. `onActive` runs each time the server has confirmed a topic's subscription (see
 * RealtimeClient.subscribe): the moment from which its events are no longer missed.
 */
import { useEffect, useRef } from 'react';
import type { Topic, TopicEvent } from './protocol.ts';
import { realtime } from './realtime.ts';

export function useTopics(
  topics: readonly Topic[],
  onEvent: (event: TopicEvent) => void,
  onActive?: (topic: Topic) => void,
): void {
  const latest = useRef({ onEvent, onActive });
  latest.current = { onEvent, onActive };
  // One string for the set, so a new array with the same topics does not resubscribe.
  const key = [...new Set(topics)].sort().join('\n');
  useEffect(() => {
    if (key === '') return;
    const unsubscribes = (key.split('\n') as Topic[]).map((topic) =>
      realtime.subscribe(
        topic,
        (event) => latest.current.onEvent(event),
        () => latest.current.onActive?.(topic),
      ),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
    };
  }, [key]);
}

/** One topic; null listens to nothing (e.g. no room chosen yet). */
export function useTopic(topic: Topic | null, onEvent: (event: TopicEvent) => void): void {
  useTopics(topic === null ? [] : [topic], onEvent);
}
