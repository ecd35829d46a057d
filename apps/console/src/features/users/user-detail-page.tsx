/** One user: balances and state, the operator actions on the account, and their records in tabs. */
import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@tradehall/domain';
import { Button, Card, Descriptions, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/page-title.tsx';
import { QueryPlaceholder } from '../../components/query-placeholder.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { formatTime } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useAction } from '../../lib/use-action.ts';
import {
  adjustBalance,
  forcePasswordReset,
  freezeUser,
  setCreditScore,
  unfreezeUser,
  userDetailQuery,
  usersKey,
} from './api.ts';
import { type AdjustmentInput, BalanceAdjustmentDialog } from './balance-adjustment-dialog.tsx';
import { CreditScoreDialog } from './credit-score-dialog.tsx';
import { PlayLimitsCard } from './play-limits-card.tsx';
import { UserTabs } from './user-tabs.tsx';

type Dialog = 'freeze' | 'unfreeze' | 'credit' | 'reset' | 'adjust' | null;
const invalidates = [usersKey, ['admin', 'audit']];

export function UserDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { isAdmin } = useSession();
  const detail = useQuery(userDetailQuery(id));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const freeze = useAction({
    run: (reason: string) => freezeUser(id, reason),
    success: t('users.frozenDone'),
    invalidates,
    onDone: close,
  });
  const unfreeze = useAction({
    run: (reason: string) => unfreezeUser(id, reason),
    success: t('users.unfrozenDone'),
    invalidates,
    onDone: close,
  });
  const credit = useAction({
    run: (input: { score: number; reason: string }) => setCreditScore(id, input.score, input.reason),
    success: t('users.creditScoreDone'),
    invalidates,
    onDone: close,
  });
  const reset = useAction({
    run: (reason: string) => forcePasswordReset(id, reason),
    success: t('users.passwordResetDone'),
    invalidates,
    onDone: close,
  });
  const adjust = useAction({
    run: (input: AdjustmentInput) => adjustBalance(id, input),
    success: (result) => t('users.adjustDone', { balance: formatMoney(result.balance) }),
    invalidates: [...invalidates, ['admin', 'ledger']],
    onDone: close,
  });

  if (detail.isError || !detail.data) return <QueryPlaceholder query={detail} />;
  const { user } = detail.data;

  return (
    <>
      <PageTitle
        title={`${user.account} (${user.nickname})`}
        extra={
          <Space>
            <Link to={`/referrals/users/${id}`} data-testid="user-referrals">
              {t('referral.openReferrals')}
            </Link>
            <Link to="/users">{t('users.back')}</Link>
          </Space>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Descriptions
          column={3}
          size="small"
          items={[
            {
              key: 'state',
              label: t('users.state'),
              children: user.frozen ? (
                <Tag color="red" data-testid="user-state" data-frozen="true">
                  {t('users.frozen')}
                </Tag>
              ) : (
                <Tag color="green" data-testid="user-state" data-frozen="false">
                  {t('users.active')}
                </Tag>
              ),
            },
            {
              key: 'balance',
              label: t('users.balance'),
              children: <span data-testid="user-balance">{formatMoney(user.balance)}</span>,
            },
            {
              key: 'withdrawable',
              label: t('users.withdrawable'),
              children: formatMoney(detail.data.withdrawable),
            },
            {
              key: 'credit',
              label: t('users.creditScore'),
              children: <span data-testid="user-credit-score">{user.creditScore}</span>,
            },
            { key: 'email', label: t('users.email'), children: user.email ?? '—' },
            { key: 'realName', label: t('users.realName'), children: user.realName ?? '—' },
            { key: 'created', label: t('users.created'), children: formatTime(user.createdAt) },
            { key: 'id', label: 'ID', children: user.id },
          ]}
        />
        <Space wrap style={{ marginTop: 16 }}>
          {user.frozen ? (
            <Button onClick={() => setDialog('unfreeze')} data-testid="user-unfreeze">
              {t('users.unfreeze')}
            </Button>
          ) : (
            <Button danger onClick={() => setDialog('freeze')} data-testid="user-freeze">
              {t('users.freeze')}
            </Button>
          )}
          <Button onClick={() => setDialog('credit')} data-testid="user-credit">
            {t('users.setCreditScore')}
          </Button>
          <Button onClick={() => setDialog('reset')} data-testid="user-password-reset">
            {t('users.passwordReset')}
          </Button>
          {isAdmin && (
            <Button onClick={() => setDialog('adjust')} data-testid="user-adjust">
              {t('users.adjust')}
            </Button>
          )}
        </Space>
      </Card>
      <PlayLimitsCard userId={id} />
      <Card>
        <UserTabs detail={detail.data} />
      </Card>

      <ReasonDialog
        open={dialog === 'freeze'}
        title={t('users.freezeTitle')}
        okText={t('users.freeze')}
        danger
        pending={freeze.pending}
        onCancel={close}
        onSubmit={(reason) => void freeze.trigger(reason)}
        testId="user-freeze-dialog"
      />
      <ReasonDialog
        open={dialog === 'unfreeze'}
        title={t('users.unfreezeTitle')}
        okText={t('users.unfreeze')}
        pending={unfreeze.pending}
        onCancel={close}
        onSubmit={(reason) => void unfreeze.trigger(reason)}
        testId="user-unfreeze-dialog"
      />
      <ReasonDialog
        open={dialog === 'reset'}
        title={t('users.passwordResetTitle')}
        okText={t('users.passwordReset')}
        danger
        pending={reset.pending}
        onCancel={close}
        onSubmit={(reason) => void reset.trigger(reason)}
        testId="user-reset-dialog"
      />
      <CreditScoreDialog
        open={dialog === 'credit'}
        current={user.creditScore}
        pending={credit.pending}
        onCancel={close}
        onSubmit={(score, reason) => void credit.trigger({ score, reason })}
      />
      <BalanceAdjustmentDialog
        open={dialog === 'adjust'}
        pending={adjust.pending}
        onCancel={close}
        onSubmit={(input) => void adjust.trigger(input)}
      />
    </>
  );
}
