/**
 * "Manual server line addition": an address, checked here (validation.ts) with its own
 * message for an empty submit, a malformed address, a path, a duplicate and too many lines.
 */
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { MAX_MANUAL_LINES, validateLineUrl } from '../validation.ts';

export interface AddLineFormProps {
  /** Every origin already listed (configured and added). */
  known: readonly string[];
  manualCount: number;
  onAdd: (origin: string) => void;
}

export function AddLineForm({ known, manualCount, onAdd }: AddLineFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLineUrl(value, known, manualCount);
    if (!result.ok) {
      setError(t(`serverLines.errors.${result.error}`, { max: MAX_MANUAL_LINES }));
      return;
    }
    setValue('');
    setError(null);
    onAdd(result.origin);
  };

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
        value={value}
        onChange={(next) => {
          setValue(next);
          setError(null);
        }}
        error={error}
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
