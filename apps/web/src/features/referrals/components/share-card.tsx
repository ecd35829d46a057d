/**
 * My share link and its QR code: both open registration with my invitation code filled in. The QR code
 * is drawn in the browser; nothing is sent anywhere.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { withQuery } from '../../../lib/navigation.ts';
import { REGISTER_PATH } from '../../../lib/paths.ts';

const SIZE = 176;

/** The app routes on the hash: a link without `/#` would open the home page and lose the code. */
export function shareLink(origin: string, code: string): string {
  return `${origin}/#${withQuery(REGISTER_PATH, { code })}`;
}

export function ShareCard({ code }: { code: string }) {
  const { t } = useTranslation();
  const link = shareLink(window.location.origin, code);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toDataURL(link, { margin: 2, width: SIZE, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (current) setQr(url);
      })
      .catch(() => {
        if (current) setQr(null);
      });
    return () => {
      current = false;
    };
  }, [link]);
  return (
    <section className="team-card" aria-labelledby="team-share-title">
      <h2 id="team-share-title" className="team-card__title">
        {t('referral.shareTitle')}
      </h2>
      <p className="team-card__hint">{t('referral.shareHint')}</p>
      {qr ? (
        <img className="team-qr" src={qr} alt={t('referral.qrAlt')} width={SIZE} height={SIZE} />
      ) : (
        <span className="team-qr" aria-hidden="true" />
      )}
      <dl className="team-facts">
        <dt>{t('referral.code')}</dt>
        <dd data-testid="team-code">{code}</dd>
        <dt>{t('referral.link')}</dt>
        <dd className="team-link">
          <span data-testid="team-link">{link}</span>
          <CopyButton text={link} label={t('referral.copyLink')} testId="team-copy-link" />
        </dd>
      </dl>
    </section>
  );
}
