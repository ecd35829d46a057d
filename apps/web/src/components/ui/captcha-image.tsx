/**
 * The image captcha: the server's SVG shown as an image inside a button; tapping it fetches a new one.
 * `data-captcha-id` exposes which captcha is shown (the id is not secret; the answer never leaves the
 * server), which browser tests use together with the test-mode answer lookup.
 */
import { useTranslation } from 'react-i18next';

export interface CaptchaImageProps {
  svg: string | undefined;
  captchaId: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export function CaptchaImage({ svg, captchaId, loading, failed, onRefresh }: CaptchaImageProps) {
  const { t } = useTranslation();
  const label = failed
    ? t('auth.captchaFailed')
    : loading
      ? t('auth.captchaLoading')
      : t('auth.captchaRefresh');
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={onRefresh}
      aria-label={label}
      aria-busy={loading || undefined}
    >
      {svg && !failed ? (
        <img
          src={svgDataUrl(svg)}
          alt={label}
          width={120}
          height={40}
          data-testid="captcha-image"
          data-captcha-id={captchaId}
        />
      ) : (
        <span className="captcha-image__placeholder" data-testid="captcha-image">
          {failed ? t('common.retry') : t('common.loading')}
        </span>
      )}
    </button>
  );
}
