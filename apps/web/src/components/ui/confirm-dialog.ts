/**
 * A yes/no question before something that cannot be undone (removing a card). Resolves true on yes.
 * antd-mobile's Dialog loads on the first question, not with the page.
 */

export interface ConfirmOptions {
  content: string;
  confirmText: string;
  cancelText: string;
}

export async function confirmDialog({ content, confirmText, cancelText }: ConfirmOptions): Promise<boolean> {
  await import('../../lib/antd-runtime.ts');
  const { default: Dialog } = await import('antd-mobile/es/components/dialog');
  return Dialog.confirm({ content, confirmText, cancelText });
}
