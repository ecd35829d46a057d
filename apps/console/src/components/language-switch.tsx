/**
 * 中文 / English, in the header and on the login page. Each label is written in its own language so an
 * operator who cannot read the current one still finds theirs. Switching refetches what is on screen,
 * so messages the server wrote (errors of a failed list) come back in the new language too.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_LANGUAGES, type ConsoleLanguage, changeLanguage, isConsoleLanguage } from '../lib/i18n.ts';

const NAMES: Record<ConsoleLanguage, string> = { 'zh-cn': '中文', en: 'English' };

export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const current = isConsoleLanguage(i18n.language) ? i18n.language : 'en';

  const choose = async (language: ConsoleLanguage) => {
    await changeLanguage(language);
    await queryClient.invalidateQueries();
  };

  return (
    <Segmented<ConsoleLanguage>
      size="small"
      aria-label={t('language.label')}
      value={current}
      onChange={(language) => void choose(language)}
      options={CONSOLE_LANGUAGES.map((language) => ({
        value: language,
        label: <span data-testid={`console-language-${language}`}>{NAMES[language]}</span>,
      }))}
      data-testid="console-language"
    />
  );
}
