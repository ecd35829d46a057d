/**
 * The user's own play limits and their break, read-only: they are the player's decision, and a break
 * cannot be lifted before it ends by anyone (the API refuses and records an attempt).
 */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { formatTime } from '../../lib/format.ts';
import { userPlayLimitsQuery } from './play-limits-api.ts';

export function PlayLimitsCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const query = useQuery(userPlayLimitsQuery(userId));
  return (
    <Card title={t('playLimits.title')} style={{ marginBottom: 16 }} data-testid="user-play-limits">
      {query.data ? (
        <>
          <p data-testid="user-play-break">
            {query.data.break ? (
              <Tag color="red">
                {t(`playLimits.breaks.${query.data.break.kind}`)} ·{' '}
                {t('playLimits.breakUntil', { time: formatTime(query.data.break.endsAt) })}
              </Tag>
            ) : (
              <Tag>{t('playLimits.noBreak')}</Tag>
            )}{' '}
            {t('playLimits.readOnly')}
          </p>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            {query.data.limits.map((limit) => (
              <Descriptions.Item key={limit.kind} label={t(`playLimits.kinds.${limit.kind}`)}>
                {limit.amount === null ? t('playLimits.noLimit') : formatMoney(limit.amount)}
                {limit.pending
                  ? ` · ${
                      limit.pending.amount === null
                        ? t('playLimits.pendingRemoval', { time: formatTime(limit.pending.from) })
                        : t('playLimits.pendingRaise', {
                            amount: formatMoney(limit.pending.amount),
                            time: formatTime(limit.pending.from),
                          })
                    }`
                  : ''}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </>
      ) : (
        <QueryPlaceholder query={query} />
      )}
    </Card>
  );
}
