import { Fragment } from "react";
import { keyboardShortcuts, SHORTCUT_MODIFIERS, standardKeys } from "#domain/accessibility";
import { useSavedAccessibilityPreferences } from "../preferences-store";

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

const modifiers = SHORTCUT_MODIFIERS.split(" + ");

/** The keyboard-shortcuts reference: the site's shortcuts, then the keys every page answers. */
export function ShortcutsReference() {
  const { keyboardNavigation } = useSavedAccessibilityPreferences();
  return (
    <section aria-labelledby="shortcuts-heading">
      <h2 id="shortcuts-heading" className="text-3xl font-bold tracking-tight">
        Keyboard Shortcuts
      </h2>
      <p className="mt-3 text-muted-foreground">
        {keyboardNavigation
          ? "These work on every page, except while you type in a field. On a Mac, use Option + Shift."
          : "Keyboard shortcuts are turned off. Turn on Keyboard Navigation above and save to use them."}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ShortcutTable
          caption="Site shortcuts"
          rows={keyboardShortcuts.map((s) => ({
            keys: [...modifiers, s.letter],
            description: s.description,
          }))}
        />
        <ShortcutTable caption="Standard keys" rows={standardKeys} />
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
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <table className="w-full text-left text-sm">
        <caption className="border-b border-border bg-muted px-4 py-3 text-left text-base font-semibold">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-4 py-2 font-semibold">
              Keys
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Action
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
