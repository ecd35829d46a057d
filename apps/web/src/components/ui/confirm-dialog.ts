/** A yes/no question before something that cannot be undone (removing a card). Resolves true on yes. */
import '../../lib/antd-runtime.ts';
import Dialog from 'antd-mobile/es/components/dialog';

export interface ConfirmOptions {
  content: string;
  confirmText: string;
  cancelText: string;
}

export function confirmDialog({ content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  return Dialog.confirm({ content, confirmText, cancelText });
}
