import { preferencesBootScript } from "#domain/accessibility";
import { InlineScript } from "#web/components/layout/inline-script";

const script = preferencesBootScript();

/**
 * For the document's <head>: applies the saved preferences before the body paints (no flash of
 * the default look on load).
 */
export function PreferencesBootScript() {
  return <InlineScript code={script} />;
}
