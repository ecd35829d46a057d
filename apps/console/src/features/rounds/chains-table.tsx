/** A room's hash chains; an admin creates the next one, whose terminal hash is shown once published. */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { formatTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { type Chain, chainsQuery, createChain } from './api.ts';
import { HashText } from './hash-text.tsx';

export function ChainsTable({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const { modal } = App.useApp();
  const chains = useQuery(chainsQuery(roomId));
  const [creating, setCreating] = useState(false);
  const create = useAction({
    run: (reason: string) => createChain(roomId, reason),
    success: t('rounds.chainCreated'),
    invalidates: [
      ['admin', 'chains', roomId],
      ['admin', 'audit'],
    ],
    onDone: (chain) => {
      setCreating(false);
      modal.success({
        title: t('rounds.chainPublishedTitle'),
        width: 640,
        content: (
          <>
            <Typography.Paragraph>{t('rounds.chainPublishedBody')}</Typography.Paragraph>
            <Typography.Paragraph code copyable data-testid="chain-published-hash">
              {chain.terminalHash}
            </Typography.Paragraph>
          </>
        ),
      });
    },
  });

  return (
    <>
      <PageTitle
        title={t('rounds.chains')}
        extra={
          <Tooltip title={isAdmin ? undefined : t('rounds.adminOnly')}>
            <Button disabled={!isAdmin} onClick={() => setCreating(true)} data-testid="chain-create">
              {t('rounds.createChain')}
            </Button>
          </Tooltip>
        }
      />
      <QueryError query={chains} />
      <Table<Chain>
        rowKey="id"
        size="small"
        loading={chains.isPending}
        dataSource={chains.data?.items ?? []}
        pagination={false}
        data-testid="chains-table"
        columns={[
          {
            title: t('rounds.published'),
            dataIndex: 'publishedAt',
            render: (value: number) => formatTime(value),
          },
          {
            title: t('rounds.terminalHash'),
            dataIndex: 'terminalHash',
            render: (value: string) => <HashText value={value} />,
          },
          {
            title: t('rounds.salt'),
            dataIndex: 'salt',
            render: (value: string) => <HashText value={value} />,
          },
          { title: t('rounds.length'), dataIndex: 'length', align: 'right' },
          { title: t('rounds.used'), dataIndex: 'used', align: 'right' },
          {
            title: t('rounds.status'),
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="green">{t('rounds.active')}</Tag> : <Tag>{t('rounds.inactive')}</Tag>,
          },
        ]}
      />
      <ReasonDialog
        open={creating}
        title={t('rounds.createChainTitle')}
        okText={t('rounds.createChain')}
        pending={create.pending}
        onCancel={() => setCreating(false)}
        onSubmit={(reason) => void create.trigger(reason)}
        testId="chain-create-dialog"
      />
    </>
  );
}
