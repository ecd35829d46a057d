/** Find a user by account, id, nickname or email; open one for the detail and actions. */
import { formatMoney } from '@tradehall/domain';
import { Input, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminUser, fetchUserPage, usersKey } from './api.ts';
import { userStrings as s } from './strings.ts';

export function UsersPage() {
  const [q, setQ] = useState('');
  const list = useCursorList([...usersKey, 'list', q], (cursor) => fetchUserPage(q, cursor));

  return (
    <>
      <PageTitle title={s.title} />
      <Input.Search
        placeholder={s.searchPlaceholder}
        enterButton={s.search}
        allowClear
        style={{ maxWidth: 480, marginBottom: 16 }}
        onSearch={(value) => setQ(value.trim())}
        data-testid="user-search"
      />
      <CursorTable<AdminUser>
        list={list}
        size="middle"
        columns={[
          {
            title: s.account,
            dataIndex: 'account',
            render: (value: string, record) => (
              <Link to={`/users/${record.id}`} data-testid="user-open">
                {value}
              </Link>
            ),
          },
          { title: s.nickname, dataIndex: 'nickname' },
          { title: s.email, dataIndex: 'email', render: (value: string | null) => value ?? '—' },
          {
            title: s.balance,
            dataIndex: 'balance',
            align: 'right',
            render: (value: number) => formatMoney(value),
          },
          { title: s.creditScore, dataIndex: 'creditScore', align: 'right' },
          {
            title: s.state,
            dataIndex: 'frozen',
            render: (frozen: boolean) =>
              frozen ? <Tag color="red">{s.frozen}</Tag> : <Tag color="green">{s.active}</Tag>,
          },
          { title: s.created, dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
        ]}
      />
    </>
  );
}
