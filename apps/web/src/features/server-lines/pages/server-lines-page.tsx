/**
 * /pages/server-lines/index (from the login page and My account): the API lines of the remote config
 * plus the ones the user added, each measured from this browser, the one in use marked. Choosing another
 * moves the API client, /ws and socket.io there at once, keeping the session (every line shares one
 * database, so the token is good on all of them). On the first start, with no line chosen yet, the
 * fastest one is taken.
 */
import '../server-lines.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ui/error-notice.tsx';
import { LoadingView } from '../../../components/ui/loading-view.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { allLineOrigins, fastestLine } from '../../../lib/line-health.ts';
import { useRemoteConfig } from '../../../lib/remote-config.ts';
import { setServerLine } from '../../../lib/storage.ts';
import { showToast } from '../../../lib/toast.ts';
import { LINE_HEALTH_KEY, useLineHealth } from '../api/line-health.ts';
import { AddLineForm } from '../components/add-line-form.tsx';
import { LineList, type ListedLine } from '../components/line-list.tsx';
import { useManualLines, useServerLine } from '../hooks/use-server-line.ts';

export default function ServerLinesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = useRemoteConfig();
  const { chosen, inUse } = useServerLine();
  const { manual, add, remove } = useManualLines();

  const lines = useMemo<ListedLine[]>(() => {
    const configured = config.data?.lines ?? [];
    const names = new Map(configured.map((line) => [line.url, line.name]));
    return allLineOrigins(configured, manual).map((origin) => ({
      origin,
      name: names.get(origin) ?? new URL(origin).host,
      manual: !names.has(origin),
    }));
  }, [config.data, manual]);
  const origins = useMemo(() => lines.map((line) => line.origin), [lines]);
  const { health, measuring, settled } = useLineHealth(origins);

  // First start: nothing chosen yet and every line measured, the configured list included.
  useEffect(() => {
    if (chosen !== null || !settled || config.data === undefined) return;
    const fastest = fastestLine(origins, health);
    if (fastest !== null) setServerLine(fastest);
  }, [chosen, settled, config.data, origins, health]);

  const choose = (line: ListedLine) => {
    if (line.origin === inUse) return;
    if (health.get(line.origin)?.reachable === false) {
      showToast(t('serverLines.chooseUnreachable', { name: line.name }));
      return;
    }
    setServerLine(line.origin);
    // Everything shown so far came from the old line: read it again from the new one.
    void queryClient.invalidateQueries();
    showToast(t('serverLines.switched', { name: line.name }), 'success');
  };

  const onAdd = (origin: string) => {
    add(origin);
    showToast(t('serverLines.addedToast'), 'success');
  };

  const retest = () => {
    void queryClient.invalidateQueries({ queryKey: LINE_HEALTH_KEY });
  };

  return (
    <div className="page">
      <PageHeader title={t('titles.serverLines')} />
      <main className="page__body server-lines">
        <p className="server-lines__intro">{t('serverLines.intro')}</p>
        {config.isPending && manual.length === 0 ? <LoadingView /> : null}
        {config.isError ? (
          <ErrorNotice
            error={config.error}
            onRetry={() => void config.refetch()}
            testId="lines-load-failed"
          />
        ) : null}
        {lines.length > 0 ? (
          <>
            <LineList
              lines={lines}
              health={health}
              inUse={inUse}
              onChoose={choose}
              onRemove={(line) => remove(line.origin)}
            />
            <button
              type="button"
              className="text-button server-lines__retest"
              onClick={retest}
              disabled={measuring}
              data-testid="lines-retest"
            >
              {measuring ? t('serverLines.checking') : t('serverLines.retest')}
            </button>
          </>
        ) : null}
        <AddLineForm known={origins} manualCount={manual.length} onAdd={onAdd} />
      </main>
    </div>
  );
}
