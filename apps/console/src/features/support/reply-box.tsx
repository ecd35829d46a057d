/** The operator's answer to one user; the server's message on failure (shown by useAction). */
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { sendReply, supportKey } from './api.ts';

interface Values {
  text: string;
}

export function ReplyBox({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const send = useAction({
    run: (values: Values) => sendReply(userId, values.text),
    success: t('support.sent'),
    // The conversation and the thread list (last message, awaiting count) both change.
    invalidates: [supportKey],
    onDone: () => form.resetFields(),
  });

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void send.trigger(values)}>
      <Form.Item
        name="text"
        label={t('support.reply')}
        rules={[{ required: true, whitespace: true, message: t('support.replyRequired') }, { max: 1000 }]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: 1000 }} data-testid="support-reply-text" />
      </Form.Item>
      <SubmitButton pending={send.pending} testId="support-reply-send">
        {t('support.send')}
      </SubmitButton>
    </Form>
  );
}
