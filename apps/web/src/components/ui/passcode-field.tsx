/**
 * A 6-digit passcode entry: antd-mobile's PasscodeInput with its on-screen NumberKeyboard for touch, and
 * digits/Backspace from a physical keyboard too (desktop users, assistive tech, browser tests).
 */
import '../../lib/antd-runtime.ts';
import { PAYMENT_PASSWORD_LENGTH } from '@tradehall/domain';
import NumberKeyboard from 'antd-mobile/es/components/number-keyboard';
import PasscodeInput from 'antd-mobile/es/components/passcode-input';
import { useEffect, useId, useRef } from 'react';

export interface PasscodeFieldProps {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
  length?: number;
}

export function PasscodeField({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
  length = PAYMENT_PASSWORD_LENGTH,
}: PasscodeFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;

  const wrapper = useRef<HTMLDivElement>(null);
  const latest = useRef({ value, onChange, length });
  latest.current = { value, onChange, length };

  // The focusable element is PasscodeInput's own root (role=button), which takes no key handler prop, so
  // its key events are picked up as they bubble through this wrapper.
  useEffect(() => {
    const element = wrapper.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const { value: current, onChange: change, length: max } = latest.current;
      if (/^\d$/.test(event.key)) {
        event.preventDefault();
        if (current.length < max) change(`${current}${event.key}`);
      } else if (event.key === 'Backspace') {
        event.preventDefault();
        change(current.slice(0, -1));
      }
    };
    element.addEventListener('keydown', onKeyDown);
    // PasscodeInput keeps a native <input> inside its focusable root for when it has no keyboard of its
    // own; with ours it is never used, and a focusable field hidden from assistive technology inside a
    // button is a trap for a screen reader (axe: aria-hidden-focus, nested-interactive). React sets no
    // style on it, so this stays.
    element.querySelector('input')?.style.setProperty('display', 'none');
    return () => element.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <div className="passcode-field" ref={wrapper}>
        <PasscodeInput
          length={length}
          value={value}
          onChange={(next) => onChange(next.replace(/\D/g, '').slice(0, length))}
          error={Boolean(error)}
          seperated
          keyboard={<NumberKeyboard showCloseButton={false} confirmText={null} />}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          data-testid={testId}
          data-length={value.length}
        />
      </div>
      {hint && !error ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
