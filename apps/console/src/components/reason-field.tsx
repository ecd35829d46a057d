/** The required reason every operator action records in the audit log (at most 500 characters). */
import { Form, Input } from 'antd';

export function ReasonField({ rows = 3, testId }: { rows?: number; testId: string }) {
  return (
    <Form.Item
      name="reason"
      label="Reason"
      rules={[
        { required: true, whitespace: true, message: 'Please give a reason' },
        { max: 500, message: 'At most 500 characters' },
      ]}
    >
      <Input.TextArea rows={rows} data-testid={testId} />
    </Form.Item>
  );
}
