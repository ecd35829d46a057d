/** The operator's answer to one user; the server's message on failure (shown by useAction). */
import { Form, Input } from 'antd';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useAction } from '../../lib/use-action.ts';
import { sendReply, supportKey } from './api.ts';
import { supportStrings as s } from './strings.ts';

interface Values {
  text: string;
}

export function ReplyBox({ userId }: { userId: string }) {
  const [form] = Form.useForm<Values>();
  const send = useAction({
    run: (values: Values) => sendReply(userId, values.text),
    success: s.sent,
    // The conversation and the thread list (last message, awaiting count) both change.
    invalidates: [supportKey],
    onDone: () => form.resetFields(),
  });

  return (
    <Form form={form} layout="vertical" onFinish={(values) => void send.trigger(values)}>
      <Form.Item
        name="text"
        label={s.reply}
        rules={[{ required: true, whitespace: true, message: s.replyRequired }, { max: 1000 }]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: 1000 }} data-testid="support-reply-text" />
      </Form.Item>
      <SubmitButton pending={send.pending} testId="support-reply-send">
        {s.send}
      </SubmitButton>
    </Form>
  );
}
