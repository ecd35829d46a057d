/** Asks for the payment reference of the bank or chain transfer the operator made. */
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';

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
  const { t } = useTranslation();
  const [form] = Form.useForm<{ paymentReference: string }>();
  return (
    <FormDialog
      open={open}
      title={t('withdrawals.payTitle')}
      form={form}
      okText={t('withdrawals.pay')}
      cancelText={t('withdrawals.cancel')}
      pending={pending}
      onCancel={onCancel}
      confirmTestId="withdrawal-pay-confirm"
    >
      <Typography.Paragraph>{hint}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.paymentReference.trim())}>
        <Form.Item
          name="paymentReference"
          label={t('withdrawals.paymentReference')}
          rules={[
            { required: true, whitespace: true, message: t('withdrawals.paymentReferenceRequired') },
            { max: 200, message: t('common.tooLong200') },
          ]}
        >
          <Input data-testid="withdrawal-pay-reference" />
        </Form.Item>
      </Form>
    </FormDialog>
  );
}
