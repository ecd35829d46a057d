/**
 * The dialog behind every action that needs a reason (reject, freeze, pause, ...): the reason is
 * required, the confirm button is disabled while the request is in flight.
 */
import { Button, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';

export interface ReasonValues {
  reason: string;
}

export function ReasonDialog({
  open,
  title,
  okText,
  danger = false,
  pending,
  onCancel,
  onSubmit,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  testId: string;
  /** Context shown above the reason (what is being acted on). */
  children?: ReactNode;
}) {
  const [form] = Form.useForm<ReasonValues>();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={danger}
          loading={pending}
          disabled={pending}
          onClick={() => form.submit()}
          data-testid={`${testId}-confirm`}
        >
          {okText}
        </Button>,
      ]}
    >
      {children}
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason.trim())}>
        <Form.Item
          name="reason"
          label="Reason"
          rules={[
            { required: true, whitespace: true, message: 'Please give a reason' },
            { max: 500, message: 'At most 500 characters' },
          ]}
        >
          <Input.TextArea rows={3} data-testid={`${testId}-reason`} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
