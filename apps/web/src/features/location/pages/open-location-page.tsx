/** Every page a later release builds: its own title (from the route) and the "available soon" state. */
import { useTranslation } from 'react-i18next';
import { AvailableSoon } from '../../../components/ui/available-soon.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { useRouteTitleKey } from '../../../lib/route-handle.ts';

export default function AvailableSoonPage() {
  const { t } = useTranslation();
  const title = t(useRouteTitleKey());
  return (
    <div className="page">
      <PageHeader title={title} />
      <main className="page__body">
        <AvailableSoon />
      </main>
    </div>
  );
}
