import { useI18n } from "#web/i18n/i18n-provider";
import { ErrorScreen } from "./error-screen";

export function NotFoundScreen() {
  const { t } = useI18n();
  return (
    <ErrorScreen
      title={t("common.notFound.code")}
      message={t("common.notFound.text")}
      actions={[
        { label: t("common.notFound.home"), to: "/" },
        { label: t("common.notFound.properties"), to: "/properties" },
        { label: t("common.notFound.contact"), to: "/contact" },
      ]}
    />
  );
}
