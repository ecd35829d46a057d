/** Find a user by account, id, nickname or email; open one for the detail and actions. */
import { formatMoney } from '@tradehall/domain';
import { Input, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CursorTable } from '../../components/cursor-table.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AdminUser, fetchUserPage, usersKey } from './api.ts';

export function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const list = useCursorList([...usersKey, 'list', q], (cursor) => fetchUserPage(q, cursor));

  return (
    <>
      <PageTitle title={t('users.title')} />
      <Input.Search
        placeholder={t('users.searchPlaceholder')}
        enterButton={t('users.search')}
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
            title: t('users.account'),
            dataIndex: 'account',
            render: (value: string, record) => (
              <Link to={`/users/${record.id}`} data-testid="user-open">
                {value}
              </Link>
            ),
          },
          { title: t('users.nickname'), dataIndex: 'nickname' },
          { title: t('users.email'), dataIndex: 'email', render: (value: string | null) => value ?? '—' },
          {
            title: t('users.balance'),
            dataIndex: 'balance',
            align: 'right',
            render: (value: number) => formatMoney(value),
          },
          { title: t('users.creditScore'), dataIndex: 'creditScore', align: 'right' },
          {
            title: t('users.state'),
            dataIndex: 'frozen',
            render: (frozen: boolean) =>
              frozen ? (
                <Tag color="red">{t('users.frozen')}</Tag>
              ) : (
                <Tag color="green">{t('users.active')}</Tag>
              ),
          },
          { title: t('users.created'), dataIndex: 'createdAt', render: (value: number) => formatTime(value) },
        ]}
      />
    </>
  );
}
