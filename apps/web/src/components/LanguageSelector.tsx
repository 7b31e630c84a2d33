import { LIMITS, LOCALES, type Locale } from "@holboo/core";
import { Group, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { changeLocale, currentLocale, isLocale } from "../i18n/index.ts";
import { putChangeLang } from "../lib/api.ts";

const FLAGS: Record<Locale, string> = { mn: "mn", en: "gb" };

function Flag({ locale }: { locale: Locale }) {
  return <img src={`/locale_flags/${FLAGS[locale]}.svg`} width={20} height={14} alt="" style={{ borderRadius: 2, display: "block" }} />;
}

/** Spec §2/§9: at least 150 px wide, flags from /locale_flags; the choice is stored and sent to the server. */
export function LanguageSelector() {
  const { t } = useTranslation("shell");
  const locale = currentLocale();
  return (
    <Select
      aria-label={t("language.label")}
      miw={LIMITS.languageSelectorMinWidth}
      w={LIMITS.languageSelectorMinWidth}
      data={LOCALES.map((value) => ({ value, label: t(`language.${value}`) }))}
      value={locale}
      leftSection={<Flag locale={locale} />}
      renderOption={({ option }) => (
        <Group gap={8} wrap="nowrap">
          {isLocale(option.value) && <Flag locale={option.value} />}
          {option.label}
        </Group>
      )}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        if (isLocale(value)) void changeLocale(value, putChangeLang);
      }}
      data-testid="language-selector"
    />
  );
}
