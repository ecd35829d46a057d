/** Every console page under its path (the router's basename is /console). */
import { Button, Result } from 'antd';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { useSession } from '../lib/session.ts';
import { ConsoleLayout } from './console-layout.tsx';

// One chunk per page: the console opens on the dashboard without loading every screen.
const AccountPage = lazy(() =>
  import('../features/account/account-page.tsx').then((m) => ({ default: m.AccountPage })),
);
const AuditPage = lazy(() =>
  import('../features/audit/audit-page.tsx').then((m) => ({ default: m.AuditPage })),
);
const DashboardPage = lazy(() =>
  import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
);
const DepositsPage = lazy(() =>
  import('../features/deposits/deposits-page.tsx').then((m) => ({ default: m.DepositsPage })),
);
const FundingPage = lazy(() =>
  import('../features/funding/funding-page.tsx').then((m) => ({ default: m.FundingPage })),
);
const LiabilitiesPage = lazy(() =>
  import('../features/liabilities/liabilities-page.tsx').then((m) => ({ default: m.LiabilitiesPage })),
);
const LedgerPage = lazy(() =>
  import('../features/ledger/ledger-page.tsx').then((m) => ({ default: m.LedgerPage })),
);
const NotificationsPage = lazy(() =>
  import('../features/notifications/notifications-page.tsx').then((m) => ({ default: m.NotificationsPage })),
);
const OperatorsPage = lazy(() =>
  import('../features/operators/operators-page.tsx').then((m) => ({ default: m.OperatorsPage })),
);
const ReferralsPage = lazy(() =>
  import('../features/referrals/referrals-page.tsx').then((m) => ({ default: m.ReferralsPage })),
);
const UserReferralsPage = lazy(() =>
  import('../features/referrals/user-referrals-page.tsx').then((m) => ({ default: m.UserReferralsPage })),
);
const RoomsPage = lazy(() =>
  import('../features/rooms/rooms-page.tsx').then((m) => ({ default: m.RoomsPage })),
);
const RoundsPage = lazy(() =>
  import('../features/rounds/rounds-page.tsx').then((m) => ({ default: m.RoundsPage })),
);
const SupportPage = lazy(() =>
  import('../features/support/support-page.tsx').then((m) => ({ default: m.SupportPage })),
);
const UserDetailPage = lazy(() =>
  import('../features/users/user-detail-page.tsx').then((m) => ({ default: m.UserDetailPage })),
);
const UsersPage = lazy(() =>
  import('../features/users/users-page.tsx').then((m) => ({ default: m.UsersPage })),
);
const WithdrawalsPage = lazy(() =>
  import('../features/withdrawals/withdrawals-page.tsx').then((m) => ({ default: m.WithdrawalsPage })),
);

export function ConsoleRoutes() {
  const { isAdmin } = useSession();
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="deposits" element={<DepositsPage />} />
        <Route path="withdrawals" element={<WithdrawalsPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:id" element={<UserDetailPage />} />
        <Route path="rooms" element={<RoomsPage />} />
        <Route path="rounds" element={<RoundsPage />} />
        <Route path="notifications" element={<NotificationsPage />} />
        <Route path="support" element={<SupportPage />} />
        <Route path="funding" element={<FundingPage />} />
        <Route path="ledger" element={<LedgerPage />} />
        <Route path="liabilities" element={<LiabilitiesPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="referrals" element={<ReferralsPage />} />
        <Route path="referrals/users/:id" element={<UserReferralsPage />} />
        <Route path="operators" element={isAdmin ? <OperatorsPage /> : <Navigate to="/" replace />} />
        <Route path="account" element={<AccountPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('shell.notFound')}
      extra={
        <Button type="primary" onClick={() => void navigate('/')}>
          {t('shell.backHome')}
        </Button>
      }
    />
  );
}
