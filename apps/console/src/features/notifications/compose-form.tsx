/** Compose a notification to all users or to one account; it arrives live and in their list. */
import { Card, Form, Input, Radio } from 'antd';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { notificationsKey, sendNotification } from './api.ts';
import { notificationStrings as s } from './strings.ts';

interface Values {
  audience: 'all' | 'user';
  account?: string;
  title: string;
  content: string;
}

export function ComposeForm() {
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form);
  const send = useAction({
    run: (values: Values) =>
      sendNotification({
        audience: values.audience,
        ...(values.audience === 'user' ? { account: values.account?.trim() } : {}),
        title: values.title.trim(),
        content: values.content.trim(),
      }),
    success: s.sent,
    invalidates: [notificationsKey],
    onDone: () => form.resetFields(),
  });

  return (
    <Card title={s.compose} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ audience: 'all' }}
        onFinish={(values) => void send.trigger(values)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="audience" label={s.audience}>
          <Radio.Group
            options={[
              { value: 'all', label: s.everyone },
              { value: 'user', label: s.oneUser },
            ]}
            data-testid="notify-audience"
          />
        </Form.Item>
        {audience === 'user' && (
          <Form.Item
            name="account"
            label={s.account}
            rules={[{ required: true, whitespace: true, message: s.accountRequired }, { max: 64 }]}
          >
            <Input data-testid="notify-account" />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={s.titleLabel}
          rules={[{ required: true, whitespace: true, message: s.titleRequired }, { max: 120 }]}
        >
          <Input count={{ show: true, max: 120 }} data-testid="notify-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={s.content}
          rules={[{ required: true, whitespace: true, message: s.contentRequired }, { max: 2000 }]}
        >
          <Input.TextArea rows={4} count={{ show: true, max: 2000 }} data-testid="notify-content" />
        </Form.Item>
        <SubmitButton pending={send.pending} testId="notify-send">
          {s.send}
        </SubmitButton>
      </Form>
    </Card>
  );
}
