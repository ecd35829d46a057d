/** Asks for the payment reference of the bank or chain transfer the operator made. */
import { Button, Form, Input, Modal, Typography } from 'antd';
import { withdrawalStrings as s } from './strings.ts';

export function PayDialog({
  open,
  hint,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  hint: string;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (paymentReference: string) => void;
}) {
  const [form] = Form.useForm<{ paymentReference: string }>();
  return (
    <Modal
      open={open}
      title={s.payTitle}
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={pending}>
          {s.cancel}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={pending}
          disabled={pending}
          onClick={() => form.submit()}
          data-testid="withdrawal-pay-confirm"
        >
          {s.pay}
        </Button>,
      ]}
    >
      <Typography.Paragraph>{hint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.paymentReference.trim())}>
        <Form.Item
          name="paymentReference"
          label={s.paymentReference}
          rules={[
            { required: true, whitespace: true, message: s.paymentReferenceRequired },
            { max: 200, message: 'At most 200 characters' },
          ]}
        >
          <Input data-testid="withdrawal-pay-reference" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
