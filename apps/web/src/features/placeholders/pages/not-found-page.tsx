/** Any hash path that is not a route of the app. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('titles.notFound')} />
      <main className="page__body">
        <section className="available-soon">
          <p className="available-soon__hint">{t('common.notFoundHint')}</p>
          <Link className="text-button" to="/">
            {t('common.goHome')}
          </Link>
        </section>
      </main>
    </div>
  );
}
