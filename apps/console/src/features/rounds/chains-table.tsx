/** A room's hash chains; an admin creates the next one, whose terminal hash is shown once published. */
import { useQuery } from '@tanstack/react-query';
import { App, Button, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { formatTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import { type Chain, chainsQuery, createChain } from './api.ts';
import { HashText } from './hash-text.tsx';
import { roundStrings as s } from './strings.ts';

export function ChainsTable({ roomId }: { roomId: string }) {
  const { isAdmin } = useSession();
  const { modal } = App.useApp();
  const chains = useQuery(chainsQuery(roomId));
  const [creating, setCreating] = useState(false);
  const create = useAction({
    run: (reason: string) => createChain(roomId, reason),
    success: s.chainCreated,
    invalidates: [
      ['admin', 'chains', roomId],
      ['admin', 'audit'],
    ],
    onDone: (chain) => {
      setCreating(false);
      modal.success({
        title: s.chainPublishedTitle,
        width: 640,
        content: (
          <>
            <Typography.Paragraph>{s.chainPublishedBody}</Typography.Paragraph>
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
        title={s.chains}
        extra={
          <Tooltip title={isAdmin ? undefined : s.adminOnly}>
            <Button disabled={!isAdmin} onClick={() => setCreating(true)} data-testid="chain-create">
              {s.createChain}
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
          { title: s.published, dataIndex: 'publishedAt', render: (value: number) => formatTime(value) },
          {
            title: s.terminalHash,
            dataIndex: 'terminalHash',
            render: (value: string) => <HashText value={value} />,
          },
          { title: s.salt, dataIndex: 'salt', render: (value: string) => <HashText value={value} /> },
          { title: s.length, dataIndex: 'length', align: 'right' },
          { title: s.used, dataIndex: 'used', align: 'right' },
          {
            title: s.status,
            dataIndex: 'active',
            render: (active: boolean) =>
              active ? <Tag color="green">{s.active}</Tag> : <Tag>{s.inactive}</Tag>,
          },
        ]}
      />
      <ReasonDialog
        open={creating}
        title={s.createChainTitle}
        okText={s.createChain}
        pending={create.pending}
        onCancel={() => setCreating(false)}
        onSubmit={(reason) => void create.trigger(reason)}
        testId="chain-create-dialog"
      />
    </>
  );
}
