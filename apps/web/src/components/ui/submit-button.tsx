/** The primary button of a form; shows a busy label (e.g. "Logging in") while the request runs. */
import '../../lib/antd-runtime.ts';
import Button from 'antd-mobile/es/components/button';

export interface SubmitButtonProps {
  label: string;
  busyLabel: string;
  busy: boolean;
  testId?: string;
  disabled?: boolean;
}

export function SubmitButton({ label, busyLabel, busy, testId, disabled }: SubmitButtonProps) {
  return (
    <Button
      type="submit"
      color="primary"
      size="large"
      block
      loading={busy}
      loadingText={busyLabel}
      disabled={disabled}
      data-testid={testId}
      className="submit-button"
    >
      {label}
    </Button>
  );
}
