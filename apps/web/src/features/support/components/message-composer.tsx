/**
 * The text box and Send. Empty (or only spaces) and too long are refused here with the shared validation
 * messages and nothing is sent. One idempotency key per message attempt: a retry of the same text reuses it, an edit
 * or a success starts a new one. On failure the typed text stays for another try.
 */

import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKeeper } from '../../../lib/idempotency.ts';
import { toastError } from '../../../lib/toast.ts';
import { useSendSupportMessage } from '../api/send-support-message.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../support-limits.ts';

export function MessageComposer() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keeper = useIdempotencyKeeper();
  const send = useSendSupportMessage();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const trimmed = text.trim();
    if (trimmed.length === 0) {
      setError(t('validation.messageRequired'));
      return;
    }
    // Said, not cut: a pasted text past the limit stays in the box for the user to shorten.
    if (trimmed.length > SUPPORT_MESSAGE_MAX_LENGTH) {
      setError(t('validation.tooLong'));
      return;
    }
    setError(null);
    const idempotencyKey = keeper.keyFor({ text: trimmed });
    send.mutate(
      { text: trimmed, idempotencyKey },
      {
        onSuccess: () => {
          keeper.succeeded();
          setText('');
        },
        onError: toastError,
      },
    );
  };

  return (
    <form className="support-composer" onSubmit={submit} noValidate>
      <div className="support-composer__row">
        <textarea
          className="support-composer__input"
          value={text}
          rows={2}
          placeholder={t('support.placeholder')}
          aria-label={t('support.placeholder')}
          aria-invalid={error !== null}
          onChange={(event) => {
            setText(event.target.value);
            keeper.edited();
            if (error) setError(null);
          }}
          data-testid="support-input"
        />
        <button
          type="submit"
          className="support-composer__send"
          disabled={send.isPending}
          data-testid="support-send"
        >
          {send.isPending ? t('support.sending') : t('support.send')}
        </button>
      </div>
      {error ? (
        <p className="support-composer__error" role="alert" data-testid="support-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
