/**
 * Funding settings: the receiving bank accounts and crypto deposit addresses users pay into, and whether
 * card payment is offered. Every operator can read them; only an admin with two-factor on can change
 * them, with a current code (the server refuses anything else), so the editing UI says why it is off.
 */
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  type FundingSettings,
  type FundingSettingsUpdate,
  fundingSettingsKey,
  fundingSettingsQuery,
  updateFundingSettings,
} from './api.ts';
import { FundingEditDialog } from './funding-edit-dialog.tsx';

/** The operator's switch, and the gateway it applies to: none configured, or the sandbox's test payments. */
function CardPaymentState({ settings }: { settings: FundingSettings }) {
  const { t } = useTranslation();
  if (settings.cardProvider.name === 'none') {
    return (
      <Typography.Text type="secondary" data-testid="funding-card-state">
        {t('funding.noCardProvider')}
      </Typography.Text>
    );
  }
  return (
    <Space wrap>
      {settings.cardPaymentEnabled ? (
        <Tag color="green" data-testid="funding-card-state">
          {t('funding.cardPaymentOn')}
        </Tag>
      ) : (
        <Tag data-testid="funding-card-state">{t('funding.cardPaymentOff')}</Tag>
      )}
      <Tag>{settings.cardProvider.name}</Tag>
      {settings.cardProvider.testPayments && (
        <Tooltip title={t('funding.testPaymentsHelp')}>
          <Tag color="orange" data-testid="funding-test-payments">
            {t('funding.testPayments')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export function FundingPage() {
  const { t } = useTranslation();
  const { isAdmin, profile } = useSession();
  const settings = useQuery(fundingSettingsQuery);
  const [editing, setEditing] = useState(false);
  const save = useAction({
    run: (update: FundingSettingsUpdate) => updateFundingSettings(update),
    success: t('funding.saved'),
    invalidates: [fundingSettingsKey, ['admin', 'audit']],
    onDone: () => setEditing(false),
  });

  const readOnlyReason = !isAdmin
    ? t('funding.readOnlyNotAdmin')
    : profile.totpEnabled
      ? null
      : t('funding.readOnlyNoTwoFactor');

  return (
    <>
      <PageTitle
        title={t('funding.title')}
        extra={
          <Tooltip title={readOnlyReason ?? undefined}>
            <Button
              type="primary"
              disabled={readOnlyReason !== null || !settings.data}
              onClick={() => setEditing(true)}
              data-testid="funding-edit"
            >
              {t('funding.edit')}
            </Button>
          </Tooltip>
        }
      />
      <Typography.Paragraph type="secondary">{t('funding.intro')}</Typography.Paragraph>
      {readOnlyReason && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={readOnlyReason}
          data-testid="funding-read-only"
          action={
            isAdmin ? (
              <Link to="/account" data-testid="funding-setup-two-factor">
                {t('funding.setUpTwoFactor')}
              </Link>
            ) : undefined
          }
        />
      )}
      <QueryError query={settings} />
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card title={t('funding.bankAccounts')} size="small">
          <Table<FundingSettings['bankAccounts'][number]>
            rowKey="id"
            size="small"
            loading={settings.isPending}
            dataSource={settings.data?.bankAccounts ?? []}
            pagination={false}
            locale={{ emptyText: t('funding.none') }}
            data-testid="funding-bank-table"
            columns={[
              { title: t('funding.bankName'), dataIndex: 'bankName' },
              {
                title: t('funding.accountNumber'),
                dataIndex: 'accountNumber',
                render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
              },
              { title: t('funding.payee'), dataIndex: 'payee' },
            ]}
          />
        </Card>
        <Card title={t('funding.cryptoNetworks')} size="small">
          <Table<FundingSettings['cryptoNetworks'][number]>
            rowKey="network"
            size="small"
            loading={settings.isPending}
            dataSource={settings.data?.cryptoNetworks ?? []}
            pagination={false}
            locale={{ emptyText: t('funding.none') }}
            data-testid="funding-crypto-table"
            columns={[
              {
                title: t('funding.network'),
                dataIndex: 'network',
                render: (value: string) => <Tag>{value}</Tag>,
              },
              {
                title: t('funding.address'),
                dataIndex: 'address',
                render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
              },
            ]}
          />
        </Card>
        <Card title={t('funding.cardPayment')} size="small">
          {settings.data && <CardPaymentState settings={settings.data} />}
        </Card>
      </Space>
      <FundingEditDialog
        settings={settings.data}
        open={editing}
        pending={save.pending}
        onCancel={() => setEditing(false)}
        onSubmit={(update) => void save.trigger(update)}
      />
    </>
  );
}
