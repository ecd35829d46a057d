/**
 * /pages/language/language (from My account) and /pages/language/languagez (from the login screen, before
 * logging in): the same choice of the 8 languages.
 */
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { LanguageList } from '../components/language-list.tsx';
import '../language.css';

export default function LanguagePage() {
  const { t } = useTranslation();
  return (
    <div className="page">
      <PageHeader title={t('titles.language')} />
      <main className="page__body">
        <LanguageList />
      </main>
    </div>
  );
}
