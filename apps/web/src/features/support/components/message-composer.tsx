/**
 * Share location, the text box and Send. Empty (or only spaces) and too long are refused here with the
 * shared validation messages and nothing is sent. One idempotency key per message attempt: a retry of the
 * same text reuses it, an edit or a success starts a new one. On failure the typed text stays for another
 * try. Share location opens choose-location, which comes back to this page with the point.
 */

import { useIsMutating } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKeeper } from '../../../lib/idempotency.ts';
import { useNav } from '../../../lib/navigation.ts';
import { toastError } from '../../../lib/toast.ts';
import { useSendSupportMessage } from '../api/send-support-message.ts';
import { chooseLocationUrl } from '../location-share.ts';
import { supportKeys } from '../query-keys.ts';
import { SUPPORT_MESSAGE_MAX_LENGTH } from '../support-limits.ts';

export function MessageComposer() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keeper = useIdempotencyKeeper();
  const send = useSendSupportMessage();
  const nav = useNav();
  const sharing = useIsMutating({ mutationKey: supportKeys.shareLocation }) > 0;

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
        <button
          type="button"
          className="support-composer__share"
          onClick={() => nav.navigateTo(chooseLocationUrl())}
          disabled={sharing}
          aria-label={sharing ? t('support.sharingLocation') : t('support.shareLocation')}
          title={t('support.shareLocation')}
          data-testid="support-share-location"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
              fill="currentColor"
            />
          </svg>
        </button>
        <textarea
          className="support-composer__input"
          value={text}
          rows={1}
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
