/** Who did what, when, to what, and why, with the before/after snapshots of every operator action. */
import { Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { CursorTable } from '../../components/cursor-table.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AuditEntry, type AuditFilters, auditKey, fetchAuditPage } from './api.ts';
import { AuditFiltersForm } from './audit-filters.tsx';
import { auditStrings as s } from './strings.ts';

export function AuditPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useCursorList(auditKey(filters), (cursor) => fetchAuditPage(filters, cursor));
  return (
    <>
      <PageTitle title={s.title} extra={<RefreshButton query={list.query} label={s.refresh} />} />
      <AuditFiltersForm onChange={setFilters} />
      <CursorTable<AuditEntry>
        list={list}
        size="small"
        data-testid="audit-table"
        expandable={{
          expandedRowRender: (entry) => (
            <Row gutter={16}>
              <Col span={12}>
                <Typography.Text strong>{s.before}</Typography.Text>
                <JsonView value={entry.before} testId="audit-before" />
              </Col>
              <Col span={12}>
                <Typography.Text strong>{s.after}</Typography.Text>
                <JsonView value={entry.after} testId="audit-after" />
              </Col>
            </Row>
          ),
        }}
        columns={[
          { title: s.time, dataIndex: 'createdAt', width: 170, render: (value: number) => formatTime(value) },
          { title: s.operator, dataIndex: 'operatorAccount', width: 120 },
          {
            title: s.action,
            dataIndex: 'action',
            width: 180,
            render: (value: string) => <span data-testid="audit-action-cell">{value}</span>,
          },
          {
            title: s.target,
            key: 'target',
            render: (_, entry) => (
              <Typography.Text copyable={entry.targetId ? { text: entry.targetId } : false}>
                {entry.targetType}
                {entry.targetId ? ` ${entry.targetId}` : ''}
              </Typography.Text>
            ),
          },
          { title: s.reason, dataIndex: 'reason', render: (value: string | null) => value ?? '—' },
        ]}
      />
    </>
  );
}
