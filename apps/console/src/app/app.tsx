/** The console's providers: antd (messages and modals), TanStack Query, the router under /console. */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { BrowserRouter } from 'react-router';
import { queryClient } from './query-client.ts';
import { SessionGate } from './session-gate.tsx';

export function App() {
  return (
    <ConfigProvider locale={enUS}>
      {/* Messages below the header and drawer titles, so a toast never covers a drawer's close button. */}
      <AntApp message={{ top: 72, maxCount: 3 }}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/console">
            <SessionGate />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
