/**
 * The "Reminder" modal of a notice (spec §7): its content as text (a React text node, never HTML), one
 * Confirm button, no cancel, not closed by tapping outside. Loaded with the first notice, so antd-mobile's
 * dialog does not weigh on the initial JavaScript.
 */
import '../../lib/antd-runtime.ts';
import Dialog from 'antd-mobile/es/components/dialog';
import { i18n } from '../../lib/i18n.ts';

export function showReminder(content: string): Promise<void> {
  return Dialog.alert({
    title: i18n.t('realtime.reminder'),
    content: (
      <p className="reminder__content" data-testid="reminder-content">
        {content}
      </p>
    ),
    confirmText: i18n.t('common.confirm'),
    closeOnMaskClick: false,
    bodyClassName: 'reminder',
  });
}
