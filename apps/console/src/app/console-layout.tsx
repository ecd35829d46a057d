/** Side menu, header with the operator and logout, and the current section's page. */
import { useQuery } from '@tanstack/react-query';
import { Button, Layout, Menu, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { fundingSettingsQuery } from '../features/funding/api.ts';
import { useSession } from '../lib/session.ts';
import { SECTIONS, sectionOf } from './sections.ts';

export function ConsoleLayout() {
  const { t } = useTranslation();
  const { profile, isAdmin, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const section = sectionOf(location.pathname);
  // Every operator sees when card payments are the sandbox's test payments, whatever page they are on.
  const testPayments = useQuery(fundingSettingsQuery).data?.cardProvider.testPayments === true;
  const items = SECTIONS.filter((section) => !section.adminOnly || isAdmin).map((section) => ({
    key: section.path,
    label: t(section.labelKey),
    'data-testid': `menu-${section.path === '/' ? 'dashboard' : section.path.slice(1)}`,
  }));

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', padding: 16, fontWeight: 600 }}>{t('shell.brand')}</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={section ? [section] : []}
          onClick={(item) => void navigate(item.key)}
          items={items}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}
        >
          <Space size="middle">
            <LanguageSwitch />
            {testPayments && (
              <Tooltip title={t('shell.testPaymentsHelp')}>
                <Tag color="orange" data-testid="console-test-payments">
                  {t('shell.testPayments')}
                </Tag>
              </Tooltip>
            )}
            <Link to="/account" data-testid="console-account-link">
              <Typography.Text data-testid="console-operator">
                {profile.account} ({t(`roles.${profile.role}`)})
              </Typography.Text>
            </Link>
            <Button onClick={logout} data-testid="console-logout">
              {t('shell.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          {/* Pages load as separate chunks; the frame stays while one arrives. */}
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
