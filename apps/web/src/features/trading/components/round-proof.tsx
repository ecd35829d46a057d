/**
 * One round on the verification page: issue, status, its hash, the previous hash it must link to (its
 * commitment), digits and sum; for a drawn round a Verify action that runs the domain's verifyRound
 * here, in the browser, on exactly these published values, and shows whether the chain link and the
 * digits check out.
 */
import type { RoundView } from '@tradehall/contracts';
import { type Verification, verifyRound } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentOrigin, verifyCommand } from './fairness-explainer.tsx';
import { HashValue } from './hash-value.tsx';
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

export function RoundProof({ round }: { round: RoundView }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<Verification | null>(null);
  const drawn = round.hash !== null && round.digits !== null;

  const verify = () => {
    if (round.hash === null || round.digits === null) return;
    setResult(
      verifyRound({
        issue: round.issue,
        salt: round.salt,
        hash: round.hash,
        previousHash: round.commitment,
        digits: round.digits,
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
      {drawn ? (
        <button
          type="button"
          className="text-button text-button--small round-proof__action"
          onClick={verify}
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
          </ul>
          <p className="field__hint">
            {t('trading.verify.computed', {
              digits: result.computedDigits.join(', '),
              sum: result.computedSum,
            })}
          </p>
          <p className="field__hint">{t('trading.fairness.cli')}</p>
          <pre className="command mono" data-testid={`verify-command-${round.issue}`}>
            {verifyCommand(currentOrigin(), round.id)}
          </pre>
        </div>
      ) : null}
    </article>
  );
}
