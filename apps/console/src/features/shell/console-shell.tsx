import type { OperatorView } from '@tradehall/contracts';
import { Button, Empty, Layout, Menu, Typography } from 'antd';
import { useState } from 'react';

/** The console's sections; each is built by a later issue (deposits, withdrawals, users, rooms...). */
const SECTIONS = [
  'Dashboard',
  'Deposits',
  'Withdrawals',
  'Users',
  'Rooms',
  'Rounds and fairness',
  'Notifications',
  'Ledger',
  'Audit log',
] as const;

export function ConsoleShell({ operator, onLogout }: { operator: OperatorView; onLogout: () => void }) {
  const [section, setSection] = useState<string>(SECTIONS[0]);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220} theme="dark">
        <div style={{ color: '#fff', padding: 16, fontWeight: 600 }}>Tradehall Console</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[section]}
          onClick={(item) => setSection(item.key)}
          items={SECTIONS.map((name) => ({ key: name, label: name }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'center',
          }}
        >
          <Typography.Text data-testid="console-operator">
            {operator.account} ({operator.role})
          </Typography.Text>
          <Button onClick={onLogout} data-testid="console-logout">
            Log out
          </Button>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Typography.Title level={3}>{section}</Typography.Title>
          <Empty description="Available soon" />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
