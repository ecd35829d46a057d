/**
 * Login until the server accepts our token; then the operator's profile, the idle timeout and the
 * console itself. A 401 anywhere (session revoked or timed out) comes back here with a notice.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchMe, logout as logoutRequest } from '../features/auth/api.ts';
import { type LoginNotice, LoginPage } from '../features/auth/login-page.tsx';
import { errorMessage, onSessionLost, operatorToken } from '../lib/api.ts';
import { type ConsoleSession, meQueryKey, SessionContext } from '../lib/session.ts';
import { ConsoleRoutes } from './routes.tsx';
import { forgetTwoFactorLater, TwoFactorPrompt } from './two-factor-prompt.tsx';
import { useIdleLogout } from './use-idle-logout.ts';

export function SessionGate() {
  const queryClient = useQueryClient();
  const [loggedIn, setLoggedIn] = useState(() => operatorToken.get() !== null);
  const [notice, setNotice] = useState<LoginNotice | null>(null);

  const end = useCallback(
    (message: LoginNotice | null) => {
      operatorToken.clear();
      forgetTwoFactorLater();
      queryClient.clear();
      setNotice(message);
      setLoggedIn(false);
    },
    [queryClient],
  );

  useEffect(() => onSessionLost(() => end('auth.sessionEnded')), [end]);

  if (!loggedIn) {
    return (
      <LoginPage
        notice={notice}
        onLoggedIn={() => {
          setNotice(null);
          setLoggedIn(true);
        }}
      />
    );
  }
  return <SignedIn onEnd={end} />;
}

function SignedIn({ onEnd }: { onEnd: (message: LoginNotice | null) => void }) {
  const { t } = useTranslation();
  const me = useQuery({ queryKey: meQueryKey, queryFn: fetchMe });

  const logout = useCallback(() => {
    // Revoke on the server, but leave at once: a dead network must not keep an operator signed in.
    void logoutRequest().catch(() => undefined);
    onEnd(null);
  }, [onEnd]);

  const idleSeconds = me.data?.idleTimeoutSeconds ?? 0;
  useIdleLogout(idleSeconds > 0 ? idleSeconds : Number.POSITIVE_INFINITY, () => {
    void logoutRequest().catch(() => undefined);
    onEnd('auth.idleEnded');
  });

  const session = useMemo<ConsoleSession | null>(
    () => (me.data ? { profile: me.data, isAdmin: me.data.role === 'admin', logout } : null),
    [me.data, logout],
  );

  if (me.isPending) return <Spin fullscreen />;
  if (!session) {
    return (
      <Result
        status="error"
        title={errorMessage(me.error)}
        extra={[
          <Button key="retry" type="primary" onClick={() => void me.refetch()}>
            {t('shell.retry')}
          </Button>,
          <Button key="logout" onClick={logout}>
            {t('shell.logout')}
          </Button>,
        ]}
      />
    );
  }
  return (
    <SessionContext.Provider value={session}>
      <ConsoleRoutes />
      <TwoFactorPrompt />
    </SessionContext.Provider>
  );
}
