/**
 * A form in a modal: Cancel and a confirm button that submits the form. Both are disabled while the
 * request is in flight, so a double click submits once; the server's message is shown by useAction.
 */
import { Button, type FormInstance, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function FormDialog({
  open,
  title,
  form,
  okText,
  cancelText,
  danger = false,
  pending,
  width,
  onCancel,
  confirmTestId,
  children,
}: {
  open: boolean;
  title: ReactNode;
  /** The form the confirm button submits. */
  form: FormInstance;
  okText: string;
  cancelText?: string;
  danger?: boolean;
  pending: boolean;
  width?: number;
  onCancel: () => void;
  confirmTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onCancel}
      destroyOnHidden
      width={width}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={pending}>
          {cancelText ?? t('common.cancel')}
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={danger}
          loading={pending}
          disabled={pending}
          onClick={() => form.submit()}
          data-testid={confirmTestId}
        >
          {okText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
