import { Fragment } from "react";
import {
  type KeyName,
  keyboardShortcuts,
  SHORTCUT_MODIFIER_KEYS,
  standardKeys,
} from "#domain/accessibility";
import { useI18n } from "#web/i18n/i18n-provider";
import { useSavedAccessibilityPreferences } from "../preferences-store";

/** The names of the keys as their caps read (`a11y.keys.*`), or a letter as it is. */
function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {keys.map((key, i) => (
        <Fragment key={key}>
          {i > 0 ? <span aria-hidden="true">+</span> : null}
          <kbd className="rounded border border-border bg-muted px-1.5 py-0.5 font-mono text-sm font-semibold">
            {key}
          </kbd>
        </Fragment>
      ))}
    </span>
  );
}

/**
 * The keyboard-shortcuts reference: the site's shortcuts, then the keys every page answers. The
 * letters are the same in every language; a description says so where its letter is not the
 * initial of the word in the page's language.
 */
export function ShortcutsReference() {
  const { t } = useI18n();
  const { keyboardNavigation } = useSavedAccessibilityPreferences();
  const keyName = (key: KeyName) => t(`a11y.keys.${key}`);
  const modifiers = SHORTCUT_MODIFIER_KEYS.map(keyName);
  return (
    <section aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading" className="text-3xl font-bold tracking-tight">
        {t("a11y.shortcuts.heading")}
      </h2>
      <p className="mt-3 text-muted-foreground">
        {keyboardNavigation ? t("a11y.shortcuts.on") : t("a11y.shortcuts.off")}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ShortcutTable
          caption={t("a11y.shortcuts.siteCaption")}
          rows={keyboardShortcuts.map((s) => ({
            keys: [...modifiers, s.letter],
            description: t(`a11y.shortcuts.${s.letter}`),
          }))}
        />
        <ShortcutTable
          caption={t("a11y.shortcuts.standardCaption")}
          rows={standardKeys.map((row) => ({
            keys: row.keys.map(keyName),
            description: t(`a11y.standardKeys.${row.action}`),
          }))}
        />
      </div>
    </section>
  );
}

function ShortcutTable({
  caption,
  rows,
}: {
  caption: string;
  rows: readonly { keys: readonly string[]; description: string }[];
}) {
  const { t } = useI18n();
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="border-b border-border bg-muted px-4 py-3 text-left text-base font-semibold">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-2 font-semibold">
              {t("a11y.shortcuts.keys")}
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              {t("a11y.shortcuts.action")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {rows.map(({ keys, description }) => (
            <tr key={description}>
              <td className="px-4 py-2 align-top">
                <Keys keys={keys} />
              </td>
              <td className="px-4 py-2 align-top">{description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
