/**
 * "Manual server line addition": an address, checked by the form schema (forms.ts) with its own
 * message for an empty submit, a malformed address, a path, a duplicate and too many lines. Nothing is
 * sent: the line is kept on the device.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useFormSubmit } from '../../../lib/forms/use-form-submit.ts';
import { lineUrlSchema } from '../forms.ts';

export interface AddLineFormProps {
  /** Every origin already listed (configured and added). */
  known: readonly string[];
  manualCount: number;
  onAdd: (origin: string) => void;
}

export function AddLineForm({ known, manualCount, onAdd }: AddLineFormProps) {
  const { t } = useTranslation();
  const schema = useMemo(() => lineUrlSchema(known, manualCount), [known, manualCount]);
  const { form, field, onSubmit } = useFormSubmit({
    schema,
    defaultValues: { url: '' },
    send: ({ origin }) => Promise.resolve(origin),
    onSuccess: (origin) => {
      form.reset();
      onAdd(origin);
    },
  });

  return (
    <form className="form line-form" onSubmit={onSubmit} noValidate aria-labelledby="line-form-title">
      <h2 className="section-title" id="line-form-title">
        {t('serverLines.addTitle')}
      </h2>
      <TextField
        label={t('serverLines.urlLabel')}
        placeholder={t('serverLines.urlPlaceholder')}
        hint={t('serverLines.urlHint')}
        type="url"
        inputMode="url"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        {...field('url')}
        testId="line-url"
      />
      <SubmitButton
        label={t('serverLines.submit')}
        busyLabel={t('serverLines.submit')}
        busy={false}
        testId="line-submit"
      />
    </form>
  );
}
