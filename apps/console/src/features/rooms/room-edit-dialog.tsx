/**
 * Edits a room's limits (typed in dollars, sent in cents through the domain's parseAmount), timing and
 * house edge. Only changed fields are sent, so the audit log's before/after shows exactly the change.
 */
import { formatAmount, formatMoney, parseAmount, STAKE_CEILING_CENTS } from '@tradehall/domain';
import { Col, Form, Input, InputNumber, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ReasonField } from '../../components/reason-field.tsx';
import { formatBps } from '../../lib/format.ts';
import type { AdminRoom, UpdateRoomRequest } from './api.ts';

interface Values {
  entryMinimum: string;
  stakeMinimum: string;
  stakeMaximum: string;
  roundSeconds: number;
  sealedSeconds: number;
  houseEdgeBps: number;
  reason: string;
}

const dollarsRule = (message: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    if (parseAmount(value ?? '') === null) throw new Error(message);
  },
});

/** The server refuses a stake above the ceiling every payout is exact under (domain payout-bounds). */
const stakeCeilingRule = (message: string) => ({
  validator: async (_: unknown, value: string | undefined) => {
    const amount = parseAmount(value ?? '');
    if (amount !== null && amount > STAKE_CEILING_CENTS) throw new Error(message);
  },
});

const ROOM_FIELDS = [
  'entryMinimum',
  'stakeMinimum',
  'stakeMaximum',
  'roundSeconds',
  'sealedSeconds',
  'houseEdgeBps',
] as const;

/** The changed fields only; null when nothing but the reason would be sent. */
export function roomChanges(room: AdminRoom, values: Values): UpdateRoomRequest | null {
  const next: Record<(typeof ROOM_FIELDS)[number], number> = {
    entryMinimum: parseAmount(values.entryMinimum) ?? room.entryMinimum,
    stakeMinimum: parseAmount(values.stakeMinimum) ?? room.stakeMinimum,
    stakeMaximum: parseAmount(values.stakeMaximum) ?? room.stakeMaximum,
    roundSeconds: values.roundSeconds,
    sealedSeconds: values.sealedSeconds,
    houseEdgeBps: values.houseEdgeBps,
  };
  const changes: UpdateRoomRequest = { reason: values.reason.trim() };
  for (const field of ROOM_FIELDS) {
    if (next[field] !== room[field]) changes[field] = next[field];
  }
  return Object.keys(changes).length > 1 ? changes : null;
}

export function RoomEditDialog({
  room,
  pending,
  onCancel,
  onSubmit,
  onNothingChanged,
}: {
  room: AdminRoom | null;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (room: AdminRoom, changes: UpdateRoomRequest) => void;
  onNothingChanged: () => void;
}) {
  const { t } = useTranslation();
  const dollars = dollarsRule(t('rooms.amountInvalid'));
  const stakeCeiling = stakeCeilingRule(
    t('rooms.stakeCeiling', { amount: formatMoney(STAKE_CEILING_CENTS) }),
  );
  const [form] = Form.useForm<Values>();
  const edge = Form.useWatch('houseEdgeBps', form);
  return (
    <FormDialog
      open={room !== null}
      title={room ? t('rooms.editTitle', { tier: room.tier }) : ''}
      form={form}
      okText={t('rooms.save')}
      cancelText={t('rooms.cancel')}
      pending={pending}
      width={640}
      onCancel={onCancel}
      confirmTestId="room-edit-confirm"
    >
      {room && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            entryMinimum: formatAmount(room.entryMinimum).replaceAll(',', ''),
            stakeMinimum: formatAmount(room.stakeMinimum).replaceAll(',', ''),
            stakeMaximum: formatAmount(room.stakeMaximum).replaceAll(',', ''),
            roundSeconds: room.roundSeconds,
            sealedSeconds: room.sealedSeconds,
            houseEdgeBps: room.houseEdgeBps,
          }}
          onFinish={(values) => {
            const changes = roomChanges(room, values);
            if (changes) onSubmit(room, changes);
            else onNothingChanged();
          }}
        >
          <Row gutter={16}>
            <Col span={8}>
              <Form.Item
                name="entryMinimum"
                label={t('rooms.entryMinimum')}
                extra={t('rooms.dollars')}
                rules={[dollars]}
              >
                <Input prefix="$" data-testid="room-entry-minimum" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="stakeMinimum" label={t('rooms.stakeMinimum')} rules={[dollars, stakeCeiling]}>
                <Input prefix="$" data-testid="room-stake-minimum" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="stakeMaximum"
                label={t('rooms.stakeMaximum')}
                dependencies={['stakeMinimum']}
                rules={[
                  dollars,
                  stakeCeiling,
                  ({ getFieldValue }) => ({
                    validator: async (_, value: string | undefined) => {
                      const min = parseAmount(String(getFieldValue('stakeMinimum') ?? ''));
                      const max = parseAmount(value ?? '');
                      if (min !== null && max !== null && max < min) throw new Error(t('rooms.stakeRange'));
                    },
                  }),
                ]}
              >
                <Input prefix="$" data-testid="room-stake-maximum" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="roundSeconds" label={t('rooms.roundSeconds')} rules={[{ required: true }]}>
                <InputNumber min={20} max={3600} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="sealedSeconds" label={t('rooms.sealedSeconds')} rules={[{ required: true }]}>
                <InputNumber min={3} max={600} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="houseEdgeBps"
                label={t('rooms.houseEdgeBps')}
                extra={typeof edge === 'number' ? formatBps(edge) : undefined}
                rules={[{ required: true }]}
              >
                <InputNumber
                  min={0}
                  max={2000}
                  precision={0}
                  style={{ width: '100%' }}
                  data-testid="room-edge"
                />
              </Form.Item>
            </Col>
          </Row>
          <ReasonField rows={2} testId="room-edit-reason" />
        </Form>
      )}
    </FormDialog>
  );
}
