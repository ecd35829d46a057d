/** One figure of the dashboard in a third of the row, with an optional line under it (a link, a time). */
import { Card, Col, Statistic, type StatisticProps } from 'antd';
import type { ReactNode } from 'react';

export function StatCard({ footer, ...statistic }: StatisticProps & { footer?: ReactNode }) {
  return (
    <Col span={8}>
      <Card>
        <Statistic {...statistic} />
        {footer}
      </Card>
    </Col>
  );
}
