/**
 * "How fairness works", summarising docs/fairness/README.md: commit (a hash chain per room, its last hash
 * and salt published first), reveal (each round's hash links to the previous one), draw (HMAC digits with
 * rejection sampling), and how to verify: in the browser, or with one's own tools from the round's public proof.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withQuery } from '../../../lib/navigation.ts';
import { VERIFY_PATH } from '../../../lib/paths.ts';

/**
 * Where a round's public proof is fetched from: what a player (or anyone they trust) checks with their
 * own tools. The project's command-line verifier is for its developers, not something to tell players.
 */
export function proofAddress(origin: string, roundId: string): string {
  return `${origin}/api/v1/fairness/rounds/${roundId}`;
}

export function currentOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

export function FairnessExplainer({ roomId }: { roomId?: string | null }) {
  const { t } = useTranslation();
  return (
    <section className="rules-section" aria-labelledby="fairness-title" data-testid="fairness-explainer">
      <h2 className="section-title" id="fairness-title">
        {t('trading.fairness.title')}
      </h2>
      <p className="page__intro">{t('trading.fairness.intro')}</p>
      <ol className="rules-steps">
        <li>{t('trading.fairness.commit')}</li>
        <li>{t('trading.fairness.reveal')}</li>
        <li>{t('trading.fairness.draw')}</li>
        <li>{t('trading.fairness.check')}</li>
      </ol>
      <p className="page__intro" data-testid="verify-elsewhere">
        {t('trading.fairness.cli')}
      </p>
      <Link
        className="text-button text-button--block"
        to={withQuery(VERIFY_PATH, { room: roomId ?? undefined })}
        data-testid="to-verify"
      >
        {t('trading.fairness.toVerify')}
      </Link>
    </section>
  );
}
