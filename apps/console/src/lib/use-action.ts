/**
 * Every console mutation goes through here: one request at a time per action (a double click sends it
 * once), a success message, the server's translated message on failure, and the affected lists refreshed.
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useRef } from 'react';
import { errorMessage } from './api.ts';

export interface ActionOptions<TInput, TResult> {
  run: (input: TInput) => Promise<TResult>;
  /** The success message; none when the result speaks for itself on screen. */
  success?: string | ((result: TResult) => string);
  /** Query keys (prefixes) whose data the action changes. */
  invalidates?: QueryKey[];
  onDone?: (result: TResult) => void;
}

export function useAction<TInput, TResult>(options: ActionOptions<TInput, TResult>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: options.run,
    onSuccess: async (result) => {
      const text = typeof options.success === 'function' ? options.success(result) : options.success;
      if (text) void message.success(text);
      options.onDone?.(result);
      await Promise.all(
        (options.invalidates ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
    onError: (error) => {
      void message.error(errorMessage(error));
    },
  });
  const { mutateAsync } = mutation;

  /** Starts the action unless one is already under way; never rejects (failures are shown). */
  const trigger = useCallback(
    async (input: TInput): Promise<void> => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        await mutateAsync(input);
      } catch {
        // already shown by onError
      } finally {
        inFlight.current = false;
      }
    },
    [mutateAsync],
  );

  return { trigger, pending: mutation.isPending };
}
