import { type OperatorView, okResponseSchema, operatorSchema } from '@tradehall/contracts';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { LoginPage } from './features/auth/login-page.tsx';
import { ConsoleShell } from './features/shell/console-shell.tsx';
import { operatorToken, request } from './lib/api.ts';

export function App() {
  const [operator, setOperator] = useState<OperatorView | null>(null);
  const [checking, setChecking] = useState(operatorToken.get() !== null);

  useEffect(() => {
    if (!operatorToken.get()) return;
    request('/admin/me', operatorSchema)
      .then(setOperator)
      .catch(() => operatorToken.clear())
      .finally(() => setChecking(false));
  }, []);

  const logout = () => {
    request('/admin/auth/logout', okResponseSchema, { method: 'POST' })
      .catch(() => undefined)
      .finally(() => {
        operatorToken.clear();
        setOperator(null);
      });
  };

  if (checking) return <Spin fullscreen />;
  if (!operator) return <LoginPage onLoggedIn={setOperator} />;
  return <ConsoleShell operator={operator} onLogout={logout} />;
}
