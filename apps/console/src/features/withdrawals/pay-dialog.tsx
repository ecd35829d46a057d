/** Asks for the payment reference of the bank or chain transfer the operator made. */
import { Form, Input, Typography } from 'antd';
import { FormDialog } from '../../components/form-dialog.tsx';
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
    <FormDialog
      open={open}
      title={s.payTitle}
      form={form}
      okText={s.pay}
      cancelText={s.cancel}
      pending={pending}
      onCancel={onCancel}
      confirmTestId="withdrawal-pay-confirm"
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
    </FormDialog>
  );
}
