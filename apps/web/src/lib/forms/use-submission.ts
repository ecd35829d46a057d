/**
 * Every form's submit pipeline, once: a checked request is sent with the submission's idempotency key
 * while the button says it is busy; the outcome is a success toast, or the server's message as a toast
 * and its per-field details beside their fields. Taps are debounced (a double tap never sends twice).
 * It holds no form state: `useFormSubmit` joins it to react-hook-form and the form schema; the login
 * page, on the first screen, joins it to its few fields without that library (decision 0022).
 */
import { useRef, useState } from 'react';
import { type ApiErrorCode, isApiError } from '../api-client.ts';
import { useDebouncedCallback } from '../debounce.ts';
import { useIdempotencyKeeper } from '../idempotency.ts';
import { showToast, toastError } from '../toast.ts';

export interface SubmissionOptions<F extends string, O, R> {
  /**
   * Sends the request with this submission's idempotency key (kept for a retry of the same request, new
   * after a success or an edit). `undefined` when nothing was sent after all.
   */
  send: (request: O, idempotencyKey: string) => Promise<R> | undefined;
  /** Said once the server accepted the request. */
  successToast?: string;
  onSuccess?: (result: R, request: O) => void;
  /** The fields a server detail (`details[].path`) may be shown beside. */
  serverFields: readonly F[];
  /** Server refusals said beside one field rather than only in the toast ("wrong payment password"). */
  codeFields?: Partial<Record<ApiErrorCode, F>>;
  /** Anything else the page does on a failure; `true` when it is fully handled (no field messages). */
  onError?: (error: unknown) => boolean | undefined;
  /** Checked before anything else on each tap: `false` stops the submission there. */
  canSubmit?: () => boolean;
}

export interface Submission<O> {
  /** A tap on submit: `check` checks the form and, if it may go, calls `send` with the request. */
  trigger: (check: () => unknown) => void;
  send: (request: O) => Promise<void>;
  pending: boolean;
  /** The user changed the form, or the page wants it so: what is submitted next is a new request. */
  restart: () => void;
  /** The server's per-field messages, beside their fields (also for a request that is not the submission). */
  showServerErrors: (error: unknown) => void;
}

export function useSubmission<F extends string, O, R>(
  options: SubmissionOptions<F, O, R>,
  setFieldError: (field: F, message: string) => void,
): Submission<O> {
  const keeper = useIdempotencyKeeper();
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const latest = useRef({ options, setFieldError });
  latest.current = { options, setFieldError };

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    const { options: current, setFieldError: setError } = latest.current;
    const shown = new Set<F>();
    for (const detail of error.details) {
      const field = current.serverFields.find(
        (name) => name === detail.path || detail.path.startsWith(`${name}.`),
      );
      if (field === undefined || shown.has(field)) continue;
      shown.add(field);
      setError(field, detail.message);
    }
    const codeField = current.codeFields?.[error.code];
    if (codeField !== undefined) setError(codeField, error.message);
  };

  const send = async (request: O) => {
    const current = latest.current.options;
    const outcome = current.send(request, keeper.keyFor(request));
    if (outcome === undefined) return;
    sending.current = true;
    setPending(true);
    try {
      const result = await outcome;
      keeper.succeeded();
      if (current.successToast !== undefined) showToast(current.successToast, 'success');
      current.onSuccess?.(result, request);
    } catch (error) {
      // A network failure keeps the key: tapping Submit again retries the same request.
      toastError(error);
      if (current.onError?.(error) !== true) showServerErrors(error);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  const trigger = useDebouncedCallback((check: () => unknown) => {
    if (sending.current || latest.current.options.canSubmit?.() === false) return;
    return check();
  });

  return { trigger, send, pending, restart: () => keeper.edited(), showServerErrors };
}
