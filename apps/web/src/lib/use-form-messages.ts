/** Turns rule messages (keys with values such as a limit) into the texts a form shows, in the current language. */
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrors, type FieldMessages, type MessageKey, translateMessages } from './form-errors.ts';

/**
 * i18next's typed `t` cannot check a union of keys whose messages take different values, so the call is
 * widened here; MessageKey already restricts the keys to real catalogue entries, and the values are the
 * ones those messages use (`amount`).
 */
type LooseT = (key: MessageKey, options?: Record<string, string>) => string;

export function formMessageTexts<F extends string>(messages: FieldMessages<F>, t: TFunction): FieldErrors<F> {
  return translateMessages(messages, (key, values) => (t as unknown as LooseT)(key, values));
}

export function useFormMessages() {
  const { t } = useTranslation();
  return useCallback(<F extends string>(messages: FieldMessages<F>) => formMessageTexts(messages, t), [t]);
}
