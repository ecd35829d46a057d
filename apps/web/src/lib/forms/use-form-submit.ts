/**
 * Every form's submit pipeline, once: react-hook-form holds the values and messages, the form schema
 * (built from the contract's request schema and the domain rules) checks them and yields the request,
 * then the request is sent with the submission's idempotency key while the button says it is busy; the
 * outcome is a success toast, or the server's message as a toast and its per-field details beside their
 * fields. Taps are debounced (a double tap never sends twice).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import {
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  get,
  type PathValue,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { type ApiErrorCode, isApiError } from '../api-client.ts';
import { useDebouncedCallback } from '../debounce.ts';
import { useIdempotencyKeeper } from '../idempotency.ts';
import { showToast, toastError } from '../toast.ts';
import { parseOptions, translatedResolver } from './messages.ts';

export interface FormSubmitOptions<I extends FieldValues, O, R> {
  /** Form values in, the request out (without its idempotency key). Keep it stable (useMemo). */
  schema: z.ZodType<O, I>;
  defaultValues: I;
  /**
   * Sends the request with this submission's idempotency key (kept for a retry of the same request, new
   * after a success or an edit). `undefined` when nothing was sent after all.
   */
  send: (request: O, idempotencyKey: string) => Promise<R> | undefined;
  /** Said once the server accepted the request. */
  successToast?: string;
  onSuccess?: (result: R, request: O) => void;
  /** The fields a server detail (`details[].path`) may be shown beside; every form field by default. */
  serverFields?: readonly FieldPath<I>[];
  /** Server refusals said beside one field rather than only in the toast ("wrong payment password"). */
  codeFields?: Partial<Record<ApiErrorCode, FieldPath<I>>>;
  /** Anything else the page does on a failure; `true` when it is fully handled (no field messages). */
  onError?: (error: unknown) => boolean | undefined;
  /** Checked before anything else on each tap: `false` stops the submission there. */
  canSubmit?: () => boolean;
}

export interface FieldBinding<V> {
  value: V;
  onChange: (value: V) => void;
  error: string | undefined;
}

export interface FormSubmit<I extends FieldValues, O> {
  form: UseFormReturn<I, unknown, O>;
  /** A field's value, change handler (which clears its message) and message, for the ui inputs. */
  field: <N extends FieldPath<I>>(name: N) => FieldBinding<PathValue<I, N>>;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  /** What is submitted next is a new request (a new idempotency key). */
  restart: () => void;
}

export function useFormSubmit<I extends FieldValues, O, R>(
  options: FormSubmitOptions<I, O, R>,
): FormSubmit<I, O> {
  const { t } = useTranslation();
  const { schema } = options;
  const resolver = useMemo(
    () => translatedResolver<I, unknown, O>(zodResolver(schema, parseOptions), t),
    [schema, t],
  );
  const form = useForm<I, unknown, O>({
    resolver,
    defaultValues: options.defaultValues as DefaultValues<I>,
    // Messages show on submit and a field's goes as soon as it is edited, until the next submit.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const keeper = useIdempotencyKeeper();
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const latest = useRef(options);
  latest.current = options;

  const showServerErrors = (error: unknown) => {
    if (!isApiError(error)) return;
    const { serverFields, codeFields, defaultValues } = latest.current;
    const fields = serverFields ?? (Object.keys(defaultValues) as FieldPath<I>[]);
    const shown = new Set<string>();
    for (const detail of error.details) {
      const name = fields.find((field) => field === detail.path || detail.path.startsWith(`${field}.`));
      if (name === undefined || shown.has(name)) continue;
      shown.add(name);
      form.setError(name, { type: 'server', message: detail.message });
    }
    const codeField = codeFields?.[error.code];
    if (codeField !== undefined) form.setError(codeField, { type: 'server', message: error.message });
  };

  const send = async (request: O) => {
    const current = latest.current;
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

  const submit = useDebouncedCallback(() => {
    if (sending.current || latest.current.canSubmit?.() === false) return;
    return form.handleSubmit(send)();
  });

  const field = <N extends FieldPath<I>>(name: N): FieldBinding<PathValue<I, N>> => ({
    value: form.watch(name),
    onChange: (value) => {
      keeper.edited();
      form.setValue(name, value);
      form.clearErrors(name);
    },
    error: (get(form.formState.errors, name) as { message?: string } | undefined)?.message,
  });

  return {
    form,
    field,
    onSubmit: (event) => {
      event.preventDefault();
      submit();
    },
    pending,
    restart: () => keeper.edited(),
  };
}
