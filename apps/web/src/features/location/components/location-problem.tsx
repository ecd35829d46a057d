/** A location page that cannot do its job (a bad point, no valid way back): why, and a way back. */
import { useTranslation } from 'react-i18next';
import { useNav } from '../../../lib/navigation.ts';

export function LocationProblem({ message, details = [] }: { message: string; details?: string[] }) {
  const { t } = useTranslation();
  const nav = useNav();
  return (
    <div className="notice notice--invalid" role="alert" data-testid="location-problem">
      <p>{message}</p>
      {details.length > 0 ? (
        <ul className="location-problem__details">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="text-button" onClick={() => nav.navigateBack()}>
        {t('common.back')}
      </button>
    </div>
  );
}
