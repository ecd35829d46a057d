/** The 8 languages in spec order; choosing one switches the whole app at once and remembers it. */
import { LOCALES, type Locale } from '@tradehall/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../../../lib/i18n.ts';
import { showToast } from '../../../lib/toast.ts';
import { languageTag, NATIVE_LANGUAGE_NAMES } from '../native-names.ts';

export function LanguageList() {
  const { t } = useTranslation();
  const [pending, setPending] = useState<Locale | null>(null);
  // useTranslation re-renders this on every language change, so this stays current.
  const active = currentLocale();

  const choose = (locale: Locale) => {
    if (locale === active || pending) return;
    setPending(locale);
    changeLocale(locale)
      .catch(() => showToast(t('language.changeFailed')))
      .finally(() => setPending(null));
  };

  return (
    <fieldset className="language-list">
      <legend className="visually-hidden">{t('titles.language')}</legend>
      {LOCALES.map((locale) => {
        const selected = locale === active;
        return (
          <label
            key={locale}
            className={selected ? 'language-list__item language-list__item--selected' : 'language-list__item'}
            aria-busy={pending === locale || undefined}
            data-testid={`lang-${locale}`}
          >
            <input
              type="radio"
              name="language"
              className="visually-hidden"
              value={locale}
              checked={selected}
              onChange={() => choose(locale)}
            />
            <span className="language-list__native" lang={languageTag(locale)}>
              {NATIVE_LANGUAGE_NAMES[locale]}
            </span>
            <span className="language-list__translated">{t(`language.names.${locale}`)}</span>
            {selected ? (
              <svg
                className="language-list__check"
                viewBox="0 0 24 24"
                width="20"
                height="20"
                aria-hidden="true"
              >
                <path
                  d="M5 12l5 5 9-10"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.4"
                  strokeLinecap="round"
                />
              </svg>
            ) : null}
          </label>
        );
      })}
    </fieldset>
  );
}
