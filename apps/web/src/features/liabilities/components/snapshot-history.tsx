/** Every snapshot, newest first, each with its signature checked here against the published key. */
import { useTranslation } from 'react-i18next';
import { formatCents, formatTime } from '../../../lib/format.ts';
import { toastError } from '../../../lib/toast.ts';
import { useLiabilitiesHistory } from '../api/history.ts';
import { isoToSeconds, SignatureBadge, signatureHolds } from './snapshot-figures.tsx';

export function SnapshotHistory({ publicKey }: { publicKey: string | null }) {
  const { t } = useTranslation();
  const history = useLiabilitiesHistory();
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return null;
  return (
    <section className="liabilities-card" data-testid="liabilities-history">
      <h2 className="liabilities-card__title">{t('liabilities.history')}</h2>
      <ul className="liabilities-history">
        {items.map((snapshot) => (
          <li key={snapshot.id} className="liabilities-history__item">
            <span>
              #{snapshot.sequence} · {formatTime(isoToSeconds(snapshot.takenAt))}
            </span>
            <span>
              {formatCents(snapshot.total)} · {t('liabilities.usersCount', { count: snapshot.userCount })}
            </span>
            <SignatureBadge ok={signatureHolds(snapshot, publicKey)} />
          </li>
        ))}
      </ul>
      {history.hasNextPage ? (
        <button
          type="button"
          className="text-button text-button--small"
          onClick={() => void history.fetchNextPage().catch(toastError)}
        >
          {t('liabilities.more')}
        </button>
      ) : null}
    </section>
  );
}
