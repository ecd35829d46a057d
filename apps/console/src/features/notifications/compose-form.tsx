/** Compose a notification to all users or to one account; it arrives live and in their list. */
import { Card, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { notificationsKey, sendNotification } from './api.ts';

interface Values {
  audience: 'all' | 'user';
  account?: string;
  title: string;
  content: string;
}

export function ComposeForm() {
  const { t } = useTranslation();
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
    success: t('notifications.sent'),
    invalidates: [notificationsKey],
    onDone: () => form.resetFields(),
  });

  return (
    <Card title={t('notifications.compose')} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ audience: 'all' }}
        onFinish={(values) => void send.trigger(values)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="audience" label={t('notifications.audience')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('notifications.everyone') },
              { value: 'user', label: t('notifications.oneUser') },
            ]}
            data-testid="notify-audience"
          />
        </Form.Item>
        {audience === 'user' && (
          <Form.Item
            name="account"
            label={t('notifications.account')}
            rules={[
              { required: true, whitespace: true, message: t('notifications.accountRequired') },
              { max: 64 },
            ]}
          >
            <Input data-testid="notify-account" />
          </Form.Item>
        )}
        <Form.Item
          name="title"
          label={t('notifications.titleLabel')}
          rules={[
            { required: true, whitespace: true, message: t('notifications.titleRequired') },
            { max: 120 },
          ]}
        >
          <Input count={{ show: true, max: 120 }} data-testid="notify-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('notifications.content')}
          rules={[
            { required: true, whitespace: true, message: t('notifications.contentRequired') },
            { max: 2000 },
          ]}
        >
          <Input.TextArea rows={4} count={{ show: true, max: 2000 }} data-testid="notify-content" />
        </Form.Item>
        <SubmitButton pending={send.pending} testId="notify-send">
          {t('notifications.send')}
        </SubmitButton>
      </Form>
    </Card>
  );
}
