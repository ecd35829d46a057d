/** Sets a user's credit score (0-1000) with a reason for the audit log. */
import { Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { ReasonField } from '../../components/reason-field.tsx';

interface Values {
  score: number;
  reason: string;
}

export function CreditScoreDialog({
  open,
  current,
  pending,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  current: number;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (score: number, reason: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  return (
    <FormDialog
      open={open}
      title={t('users.creditScoreTitle')}
      form={form}
      okText={t('users.save')}
      cancelText={t('users.cancel')}
      pending={pending}
      onCancel={onCancel}
      confirmTestId="credit-score-confirm"
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ score: current }}
        onFinish={(values) => onSubmit(values.score, values.reason.trim())}
      >
        <Form.Item
          name="score"
          label={t('users.creditScore')}
          rules={[
            { required: true, type: 'integer', min: 0, max: 1000, message: t('users.creditScoreRange') },
          ]}
        >
          <InputNumber
            min={0}
            max={1000}
            precision={0}
            style={{ width: 160 }}
            data-testid="credit-score-value"
          />
        </Form.Item>
        <ReasonField testId="credit-score-reason" />
      </Form>
    </FormDialog>
  );
}
