/** The required reason every operator action records in the audit log (at most 500 characters). */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

export function ReasonField({ rows = 3, testId }: { rows?: number; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="reason"
      label={t('common.reason')}
      rules={[
        { required: true, whitespace: true, message: t('common.reasonRequired') },
        { max: 500, message: t('common.reasonTooLong') },
      ]}
    >
      <Input.TextArea rows={rows} data-testid={testId} />
    </Form.Item>
  );
}
