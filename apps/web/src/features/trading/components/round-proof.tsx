/**
 * One round on the verification page: issue, status, its hash, the previous hash it must link to (its
 * commitment), digits and sum; for a drawn round a Verify action that runs the domain's verifyRound
 * here, in the browser, on exactly these published values, and shows whether the chain link and the
 * digits check out. A scheme v2 round's proof (with its beacon) is fetched first, and the beacon's BLS
 * signature, its round (the first after the seal) and its source are checked here too, with a link to
 * the published drand round. A sealed round also offers the check of the positions committed at its seal
 * (positions-check.tsx), open from the start when the page was opened for that round.
 */
import type { FairnessProof, RoundView } from '@tradehall/contracts';
import { type Verification, verifyRound } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFairnessProof } from '../api/fairness-proof.ts';
import { currentOrigin, proofAddress } from './fairness-explainer.tsx';
import { HashValue } from './hash-value.tsx';
import { PositionsCheck } from './positions-check.tsx';
import { FairnessLine } from './round-commitment.tsx';
import { RoundResult } from './round-result.tsx';

function Check({
  ok,
  okText,
  failedText,
  testId,
}: {
  ok: boolean;
  okText: string;
  failedText: string;
  testId: string;
}) {
  return (
    <li className={ok ? 'check check--ok' : 'check check--failed'} data-testid={testId} data-ok={String(ok)}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {ok ? okText : failedText}
    </li>
  );
}

export function RoundProof({
  round,
  checkPositions = false,
}: {
  round: RoundView;
  checkPositions?: boolean;
}) {
  const { t } = useTranslation();
  const [positionsShown, setPositionsShown] = useState(checkPositions);
  const [result, setResult] = useState<Verification | null>(null);
  const [beacon, setBeacon] = useState<FairnessProof['beacon']>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const drawn = round.hash !== null && round.digits !== null;

  const verify = async () => {
    if (round.hash === null || round.digits === null) return;
    setLoadFailed(false);
    let proof: FairnessProof | null = null;
    if (round.fairness.scheme === 'v2') {
      // The beacon value is not part of the round view: fetched, then checked here like everything else.
      proof = await fetchFairnessProof(round.id).catch(() => null);
      if (!proof) {
        setLoadFailed(true);
        return;
      }
    }
    setBeacon(proof?.beacon ?? null);
    setResult(
      verifyRound({
        issue: round.issue,
        salt: round.salt,
        hash: round.hash,
        previousHash: round.commitment,
        digits: round.digits,
        beacon: proof?.beacon ?? null,
        sealsAt: round.sealsAt,
      }),
    );
  };

  return (
    <article className="round-proof" data-testid={`round-proof-${round.issue}`} data-status={round.status}>
      <div className="round-proof__head">
        <strong>{t('trading.issue', { issue: round.issue })}</strong>
        <span className="status-badge status-badge--neutral">{t(`trading.status.${round.status}`)}</span>
      </div>
      <dl className="hash-list">
        <HashValue label={t('trading.hash')} value={round.hash} />
        <HashValue label={t('trading.previousHash')} value={round.commitment} />
      </dl>
      {round.digits !== null && round.sum !== null ? (
        <RoundResult digits={round.digits} sum={round.sum} testIdPrefix={`proof-${round.issue}`} />
      ) : null}
      <FairnessLine fairness={round.fairness} testId={`proof-scheme-${round.issue}`} />
      {round.voidReason ? (
        <p className="field__hint" data-testid={`void-reason-${round.issue}`}>
          {t(
            round.voidReason === 'beacon_timeout'
              ? 'trading.beacon.voidTimeout'
              : 'trading.statusMessage.void',
          )}
        </p>
      ) : null}
      {loadFailed ? <p className="field__hint">{t('trading.beacon.loadFailed')}</p> : null}
      {drawn ? (
        <button
          type="button"
          className="text-button text-button--small round-proof__action"
          onClick={() => void verify()}
          data-testid={`verify-round-${round.issue}`}
        >
          {t('trading.verify.action')}
        </button>
      ) : (
        <p className="field__hint">{t('trading.verify.notDrawn')}</p>
      )}
      {result ? (
        <div
          className={result.ok ? 'verify-result verify-result--ok' : 'verify-result verify-result--failed'}
          role="status"
          data-testid={`verify-result-${round.issue}`}
          data-ok={String(result.ok)}
        >
          <strong>{result.ok ? t('trading.verify.verified') : t('trading.verify.notVerified')}</strong>
          <ul className="verify-result__checks">
            <Check
              ok={result.chainOk}
              okText={t('trading.verify.chainOk')}
              failedText={t('trading.verify.chainFailed')}
              testId={`verify-chain-${round.issue}`}
            />
            <Check
              ok={result.digitsOk}
              okText={t('trading.verify.digitsOk')}
              failedText={t('trading.verify.digitsFailed')}
              testId={`verify-digits-${round.issue}`}
            />
            {result.beacon ? (
              <>
                <Check
                  ok={result.beacon.signatureOk}
                  okText={t('trading.beacon.signatureOk')}
                  failedText={t('trading.beacon.signatureFailed')}
                  testId={`verify-beacon-signature-${round.issue}`}
                />
                <Check
                  ok={result.beacon.roundOk}
                  okText={t('trading.beacon.roundOk')}
                  failedText={t('trading.beacon.roundFailed')}
                  testId={`verify-beacon-round-${round.issue}`}
                />
              </>
            ) : null}
          </ul>
          {beacon && result.beacon ? (
            <p className="field__hint" data-testid={`verify-beacon-source-${round.issue}`}>
              {result.beacon.source === 'drand-quicknet' ? (
                <a
                  href={`https://api.drand.sh/${beacon.chainHash}/public/${beacon.round}`}
                  target="_blank"
                  rel="noreferrer noopener"
                >
                  {t('trading.beacon.drandRound', { round: beacon.round })}
                </a>
              ) : (
                t('trading.beacon.localRound', { round: beacon.round })
              )}
            </p>
          ) : null}
          <p className="field__hint">
            {t('trading.verify.computed', {
              digits: result.computedDigits.join(', '),
              sum: result.computedSum,
            })}
          </p>
          <p className="field__hint">{t('trading.fairness.proofAddress')}</p>
          <pre className="command mono" data-testid={`verify-command-${round.issue}`}>
            {proofAddress(currentOrigin(), round.id)}
          </pre>
        </div>
      ) : null}
      {round.positions !== null && !positionsShown ? (
        <button
          type="button"
          className="text-button text-button--small round-proof__action"
          onClick={() => setPositionsShown(true)}
          data-testid={`verify-positions-${round.issue}`}
        >
          {t('trading.positionsCheck.action')}
        </button>
      ) : null}
      {positionsShown ? <PositionsCheck round={round} /> : null}
    </article>
  );
}
