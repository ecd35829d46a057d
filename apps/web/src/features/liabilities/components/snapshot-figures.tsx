/**
 * One snapshot's published figures, with its Ed25519 signature checked here, in the browser, against the
 * key the server publishes (a snapshot signed by any other key counts as not verified).
 */
import type { LiabilitiesSnapshot } from '@tradehall/contracts';
import { verifyStatement } from '@tradehall/domain/liabilities';
import { useTranslation } from 'react-i18next';
import { formatCents, formatTime } from '../../../lib/format.ts';

export const isoToSeconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000);

export function signatureHolds(snapshot: LiabilitiesSnapshot, publicKey: string | null): boolean {
  if (publicKey === null || snapshot.publicKey !== publicKey) return false;
  const { signature, id: _id, publicKey: _key, trigger: _trigger, ...statement } = snapshot;
  return verifyStatement(statement, signature, publicKey);
}

export function SignatureBadge({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={ok ? 'status-badge status-badge--success' : 'status-badge status-badge--failure'}
      data-testid="liabilities-signature"
      data-ok={String(ok)}
    >
      {ok ? `✓ ${t('liabilities.signatureOk')}` : `✗ ${t('liabilities.signatureFailed')}`}
    </span>
  );
}

export function SnapshotFigures({
  snapshot,
  publicKey,
}: {
  snapshot: LiabilitiesSnapshot;
  publicKey: string | null;
}) {
  const { t } = useTranslation();
  return (
    <section className="liabilities-card" data-testid="liabilities-latest">
      <div className="liabilities-card__head">
        <strong>{t('liabilities.snapshotNumber', { sequence: snapshot.sequence })}</strong>
        <SignatureBadge ok={signatureHolds(snapshot, publicKey)} />
      </div>
      <dl className="liabilities-figures">
        <dt>{t('liabilities.takenAt')}</dt>
        <dd>{formatTime(isoToSeconds(snapshot.takenAt))}</dd>
        <dt>{t('liabilities.total')}</dt>
        <dd data-testid="liabilities-total">{formatCents(snapshot.total)}</dd>
        <dt>{t('liabilities.users')}</dt>
        <dd>{snapshot.userCount}</dd>
        <dt>{t('liabilities.root')}</dt>
        <dd className="liabilities-hash">{snapshot.root}</dd>
        <dt>{t('liabilities.previousRoot')}</dt>
        <dd className="liabilities-hash">{snapshot.previousRoot}</dd>
      </dl>
    </section>
  );
}
