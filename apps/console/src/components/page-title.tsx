import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title with its actions on the right. */
export function PageTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {extra && <Space>{extra}</Space>}
    </div>
  );
}
