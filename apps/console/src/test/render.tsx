/**
 * Test support: a console screen rendered as the signed-in console renders it (antd's App for messages,
 * a fresh query client, the operator's session, a memory router), in English.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { OperatorProfile, OperatorRole } from '@tradehall/contracts';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SessionContext } from '../lib/session.ts';

export const OPERATOR_ID = '0b8f3c1e-2222-4a6b-9c2d-0000000000a1';

export function operatorProfile(role: OperatorRole, totpEnabled: boolean): OperatorProfile {
  return { id: OPERATOR_ID, account: role, role, totpEnabled, idleTimeoutSeconds: 1800 };
}

export function renderScreen(
  screenElement: ReactNode,
  {
    role = 'admin',
    totpEnabled = true,
    path = '/',
    pattern = '/',
  }: { role?: OperatorRole; totpEnabled?: boolean; path?: string; pattern?: string } = {},
) {
  // No retries: a refused answer is shown at once, as the console's client shows a 4xx.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const profile = operatorProfile(role, totpEnabled);
  return render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <SessionContext.Provider value={{ profile, isAdmin: role === 'admin', logout: () => undefined }}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={pattern} element={screenElement} />
              <Route path="*" element={<p data-testid="elsewhere">elsewhere</p>} />
            </Routes>
          </MemoryRouter>
        </SessionContext.Provider>
      </QueryClientProvider>
    </AntApp>,
  );
}
