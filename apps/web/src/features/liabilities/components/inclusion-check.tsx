/**
 * The signed-in user's inclusion in a snapshot, verified here in the browser (signature with the published
 * key, leaf, every sum on the path, root and total): "your balance at 12:00 was $490.00 — included". Offers
 * the proof as a JSON download (for `npm run verify-liabilities`) and "this does not match", which writes
 * to customer service with the proof's essentials and opens the conversation.
 */
import type { LiabilitiesSnapshot } from '@tradehall/contracts';
import { type LiabilitiesProof, verifyLiabilitiesProof } from '@tradehall/domain/liabilities';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { formatCents, formatTime } from '../../../lib/format.ts';
import { useNav } from '../../../lib/navigation.ts';
import { SUPPORT_PATH } from '../../../lib/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMyProof } from '../api/my-proof.ts';
import { useReportMismatch } from '../api/report-mismatch.ts';
import { isoToSeconds } from './snapshot-figures.tsx';

function download(proof: LiabilitiesProof): void {
  const blob = new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `tradehall-liabilities-${proof.snapshot.sequence}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

function isNotFound(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'NOT_FOUND';
}

export function InclusionCheck({
  snapshot,
  publicKey,
}: {
  snapshot: LiabilitiesSnapshot;
  publicKey: string | null;
}) {
  const { t } = useTranslation();
  const nav = useNav();
  const proof = useMyProof(snapshot.id);
  const report = useReportMismatch();
  const time = formatTime(isoToSeconds(snapshot.takenAt));

  if (proof.isPending) return <p className="page__intro">{t('liabilities.checking')}</p>;
  if (proof.isError && !isNotFound(proof.error)) {
    return <ErrorNotice error={proof.error} onRetry={() => void proof.refetch().catch(() => {})} />;
  }
  const data = proof.data ?? null;
  const result = data ? verifyLiabilitiesProof(data, publicKey ? { publicKey } : {}) : null;
  const included = result?.ok === true;
  const summary = data
    ? t('liabilities.mismatchMessage', {
        sequence: snapshot.sequence,
        id: snapshot.id,
        time,
        amount: formatCents(data.leaf.amount),
        result: included
          ? t('liabilities.resultIncluded')
          : t(`liabilities.reasons.${result?.ok === false ? result.reason : 'BAD_FORMAT'}`),
        root: snapshot.root,
        salt: data.leaf.salt,
      })
    : t('liabilities.mismatchMessageNoLeaf', { sequence: snapshot.sequence, id: snapshot.id, time });

  const onMismatch = () => {
    if (report.isPending) return;
    report.mutate(summary, { onSuccess: () => nav.navigateTo(SUPPORT_PATH), onError: toastError });
  };

  return (
    <section className="liabilities-card" data-testid="liabilities-mine" data-included={String(included)}>
      <h2 className="liabilities-card__title">{t('liabilities.mine')}</h2>
      {data === null ? (
        <p className="check check--failed">✗ {t('liabilities.noLeaf', { time })}</p>
      ) : included ? (
        <p className="check check--ok">
          ✓ {t('liabilities.included', { time, amount: formatCents(data.leaf.amount) })}
        </p>
      ) : (
        <p className="check check--failed">
          ✗ {t('liabilities.notVerified', { time })}{' '}
          {result?.ok === false ? t(`liabilities.reasons.${result.reason}`) : null}
        </p>
      )}
      <p className="page__intro">{t('liabilities.compareHint')}</p>
      <div className="action-row">
        {data ? (
          <button
            type="button"
            className="primary-button primary-button--outline"
            onClick={() => download(data)}
            data-testid="liabilities-download"
          >
            {t('liabilities.download')}
          </button>
        ) : null}
        <button
          type="button"
          className="primary-button"
          onClick={onMismatch}
          disabled={report.isPending}
          data-testid="liabilities-mismatch"
        >
          {t('liabilities.mismatch')}
        </button>
      </div>
    </section>
  );
}
