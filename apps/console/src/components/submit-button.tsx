import { Button } from 'antd';
import type { ReactNode } from 'react';

/** A form's submit button, disabled while its request is in flight so a double click submits once. */
export function SubmitButton({
  pending,
  testId,
  children,
}: {
  pending: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button type="primary" htmlType="submit" loading={pending} disabled={pending} data-testid={testId}>
      {children}
    </Button>
  );
}
