/**
 * The console's providers: antd (messages, modals and its own texts in the operator's language),
 * TanStack Query, the router under /console.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { isConsoleLanguage } from '../lib/i18n.ts';
import { queryClient } from './query-client.ts';
import { SessionGate } from './session-gate.tsx';

export function App() {
  const { i18n } = useTranslation();
  const language = isConsoleLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <ConfigProvider locale={language === 'zh-cn' ? zhCN : enUS}>
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
