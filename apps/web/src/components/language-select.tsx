import { Select } from '@mantine/core';
import { LANGUAGES, type Language } from '@teamboard/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, isLanguage } from '../lib/i18n';

/** The top bar's language selector; the choice is remembered in the `language` cookie. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const options = LANGUAGES.map((language: Language) => ({
    value: language,
    label: t(`languages.${language}`),
  }));

  function handleChange(value: string | null) {
    if (isLanguage(value)) void changeLanguage(value);
  }

  return (
    <Select
      aria-label={t('language')}
      data={options}
      value={isLanguage(i18n.language) ? i18n.language : currentLanguage()}
      onChange={handleChange}
      allowDeselect={false}
      w={{ base: 100, sm: 120 }}
      size="xs"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
