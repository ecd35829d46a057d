/**
 * An image only its owner may see (an uploaded receipt, served with the session's token): fetched with
 * the token, shown from a local object URL (freed again on unmount), tappable to open full size.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAuthorizedBlob } from '../../lib/api-client.ts';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; url: string };

export function AuthorizedImage({ src, alt, testId }: { src: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchAuthorizedBlob(src, controller.signal).then(
      (blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  if (state.status === 'failed') return <span className="field__hint">{t('common.loadFailed')}</span>;
  if (state.status === 'loading') return <span className="field__hint">{t('common.loading')}</span>;
  return (
    <a href={state.url} target="_blank" rel="noreferrer" data-testid={testId}>
      <img className="receipt-thumbnail" src={state.url} alt={alt} />
    </a>
  );
}
