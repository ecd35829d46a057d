/**
 * One entry of a records list: what (title), how much, when, its status, and a details section that
 * opens in place. `data-status` carries the raw status (and `data-code` a transfer's ledger code) for
 * browser tests.
 */
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

export type RecordTone = 'pending' | 'success' | 'failure' | 'neutral';

export interface RecordDetail {
  label: string;
  value: ReactNode;
}

export interface RecordItemProps {
  title: ReactNode;
  amount: ReactNode;
  amountTone?: 'in' | 'out';
  /** A second line under the title (a payout, a round). */
  subtitle?: ReactNode;
  time: string;
  status?: { raw: string; label: string; tone: RecordTone };
  code?: string;
  details?: RecordDetail[];
}

export function RecordItem({
  title,
  amount,
  amountTone,
  subtitle,
  time,
  status,
  code,
  details = [],
}: RecordItemProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  return (
    <article className="record-item" data-testid="record-item" data-status={status?.raw} data-code={code}>
      <div className="record-item__main">
        <span className="record-item__title">{title}</span>
        <strong
          className={
            amountTone ? `record-item__amount record-item__amount--${amountTone}` : 'record-item__amount'
          }
          data-testid="record-amount"
        >
          {amount}
        </strong>
      </div>
      {subtitle !== undefined ? <div className="record-item__subtitle">{subtitle}</div> : null}
      <div className="record-item__meta">
        <time className="record-item__time">{time}</time>
        {status ? (
          <span className={`status-badge status-badge--${status.tone}`} data-testid="record-status">
            {status.label}
          </span>
        ) : null}
      </div>
      {details.length > 0 ? (
        <>
          <button
            type="button"
            className="record-item__toggle"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={() => setOpen((value) => !value)}
            data-testid="record-toggle"
          >
            {open ? t('records.hideDetails') : t('records.details')}
          </button>
          {open ? (
            <dl className="record-item__details" id={detailsId} data-testid="record-details">
              {details.map((detail) => (
                <div key={detail.label}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </>
      ) : null}
    </article>
  );
}
