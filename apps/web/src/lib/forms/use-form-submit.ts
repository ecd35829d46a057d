/**
 * A form on react-hook-form: its values and messages, checked on submit by the form schema (built from
 * the contract's request schema and the domain rules) through the zod resolver, whose request then goes
 * through the one submit pipeline (`useSubmission`: idempotency key, busy state, server messages, toasts).
 */
import '../zod-jitless.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useMemo } from 'react';
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
import { parseOptions, translatedResolver } from './messages.ts';
import { type SubmissionOptions, useSubmission } from './use-submission.ts';

export interface FormSubmitOptions<I extends FieldValues, O, R>
  extends Omit<SubmissionOptions<FieldPath<I>, O, R>, 'serverFields'> {
  /** Form values in, the request out (without its idempotency key). Keep it stable (useMemo). */
  schema: z.ZodType<O, I>;
  defaultValues: I;
  /** The fields a server detail (`details[].path`) may be shown beside; every form field by default. */
  serverFields?: readonly FieldPath<I>[];
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
  /** The server's per-field messages of a request that is not the submission (a send-code button). */
  showServerErrors: (error: unknown) => void;
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
  const submission = useSubmission(
    {
      ...options,
      serverFields: options.serverFields ?? (Object.keys(options.defaultValues) as FieldPath<I>[]),
    },
    (name, message) => form.setError(name, { type: 'server', message }),
  );

  const field = <N extends FieldPath<I>>(name: N): FieldBinding<PathValue<I, N>> => ({
    value: form.watch(name),
    onChange: (value) => {
      submission.restart();
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
      submission.trigger(() => form.handleSubmit(submission.send)());
    },
    pending: submission.pending,
    restart: submission.restart,
    showServerErrors: submission.showServerErrors,
  };
}
