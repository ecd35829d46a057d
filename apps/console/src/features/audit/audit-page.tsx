/** Who did what, when, to what, and why, with the before/after snapshots of every operator action. */
import { Col, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorTable } from '../../components/cursor-table.tsx';
import { JsonView } from '../../components/json-view.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { RefreshButton } from '../../components/refresh-button.tsx';
import { formatTime } from '../../lib/format.ts';
import { useCursorList } from '../../lib/use-cursor-list.ts';
import { type AuditEntry, type AuditFilters, auditKey, fetchAuditPage } from './api.ts';
import { AuditFiltersForm } from './audit-filters.tsx';

export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const list = useCursorList(auditKey(filters), (cursor) => fetchAuditPage(filters, cursor));
  return (
    <>
      <PageTitle
        title={t('audit.title')}
        extra={<RefreshButton query={list.query} label={t('audit.refresh')} />}
      />
      <AuditFiltersForm onChange={setFilters} />
      <CursorTable<AuditEntry>
        list={list}
        size="small"
        data-testid="audit-table"
        expandable={{
          expandedRowRender: (entry) => (
            <Row gutter={16}>
              <Col span={12}>
                <Typography.Text strong>{t('audit.before')}</Typography.Text>
                <JsonView value={entry.before} testId="audit-before" />
              </Col>
              <Col span={12}>
                <Typography.Text strong>{t('audit.after')}</Typography.Text>
                <JsonView value={entry.after} testId="audit-after" />
              </Col>
            </Row>
          ),
        }}
        columns={[
          {
            title: t('audit.time'),
            dataIndex: 'createdAt',
            width: 170,
            render: (value: number) => formatTime(value),
          },
          { title: t('audit.operator'), dataIndex: 'operatorAccount', width: 120 },
          {
            title: t('audit.action'),
            dataIndex: 'action',
            width: 180,
            render: (value: string) => <span data-testid="audit-action-cell">{value}</span>,
          },
          {
            title: t('audit.target'),
            key: 'target',
            render: (_, entry) => (
              <Typography.Text copyable={entry.targetId ? { text: entry.targetId } : false}>
                {entry.targetType}
                {entry.targetId ? ` ${entry.targetId}` : ''}
              </Typography.Text>
            ),
          },
          { title: t('audit.reason'), dataIndex: 'reason', render: (value: string | null) => value ?? '—' },
        ]}
      />
    </>
  );
}
