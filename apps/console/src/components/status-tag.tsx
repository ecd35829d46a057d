import { Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import en from '../locales/en.json';

const COLOURS: Record<string, string> = {
  pending: 'gold',
  approved: 'green',
  paid: 'green',
  rejected: 'red',
  open: 'blue',
  sealed: 'purple',
  drawing: 'orange',
  settled: 'green',
  void: 'default',
  won: 'green',
  lost: 'red',
  refunded: 'default',
};

type KnownStatus = keyof typeof en.status;
const isKnown = (status: string): status is KnownStatus => Object.hasOwn(en.status, status);

/** A status word in the console's language; one the catalogue does not know yet stays the server's word. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation();
  return useCallback((status: string) => (isKnown(status) ? t(`status.${status}`) : status), [t]);
}

/** A status word in its colour; `data-status` lets a journey read it without parsing text. */
export function StatusTag({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <Tag color={COLOURS[status] ?? 'default'} data-status={status} data-testid="status-tag">
      {label(status)}
    </Tag>
  );
}
