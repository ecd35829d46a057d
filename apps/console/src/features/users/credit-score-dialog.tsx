/** Sets a user's credit score (0-1000) with a reason for the audit log. */
import { Button, Form, Input, InputNumber, Modal } from 'antd';
import { userStrings as s } from './strings.ts';

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
  const [form] = Form.useForm<Values>();
  return (
    <Modal
      open={open}
      title={s.creditScoreTitle}
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
          data-testid="credit-score-confirm"
        >
          {s.save}
        </Button>,
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ score: current }}
        onFinish={(values) => onSubmit(values.score, values.reason.trim())}
      >
        <Form.Item
          name="score"
          label={s.creditScore}
          rules={[{ required: true, type: 'integer', min: 0, max: 1000, message: s.creditScoreRange }]}
        >
          <InputNumber
            min={0}
            max={1000}
            precision={0}
            style={{ width: 160 }}
            data-testid="credit-score-value"
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={s.reason}
          rules={[{ required: true, whitespace: true, message: s.reasonRequired }, { max: 500 }]}
        >
          <Input.TextArea rows={3} data-testid="credit-score-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
