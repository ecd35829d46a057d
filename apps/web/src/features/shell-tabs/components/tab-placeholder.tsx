/**
 * A tab page whose issue has not built it yet (Customer service): the tab's title, no back arrow (a tab is
 * a top-level page), and the "available soon" state.
 */
import { useTranslation } from 'react-i18next';
import { AvailableSoon } from '../../../components/ui/available-soon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useRouteTitleKey } from '../../../lib/route-handle.ts';

export function TabPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="page page--tab">
      <PageHeader title={t(useRouteTitleKey())} back={false} />
      <main className="page__body">
        <AvailableSoon />
      </main>
    </div>
  );
}
