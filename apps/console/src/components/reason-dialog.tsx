/**
 * The dialog behind every action that needs a reason (reject, freeze, pause, ...): the reason is
 * required, the confirm button is disabled while the request is in flight.
 */
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { FormDialog } from './form-dialog.tsx';
import { ReasonField } from './reason-field.tsx';

export interface ReasonValues {
  reason: string;
}

export function ReasonDialog({
  open,
  title,
  okText,
  danger = false,
  pending,
  onCancel,
  onSubmit,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  okText: string;
  danger?: boolean;
  pending: boolean;
  onCancel: () => void;
  onSubmit: (reason: string) => void;
  testId: string;
  /** Context shown above the reason (what is being acted on). */
  children?: ReactNode;
}) {
  const [form] = Form.useForm<ReasonValues>();
  return (
    <FormDialog
      open={open}
      title={title}
      form={form}
      okText={okText}
      danger={danger}
      pending={pending}
      onCancel={onCancel}
      confirmTestId={`${testId}-confirm`}
    >
      {children}
      <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.reason.trim())}>
        <ReasonField testId={`${testId}-reason`} />
      </Form>
    </FormDialog>
  );
}
