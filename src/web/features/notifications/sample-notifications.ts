import type { Translator } from "#domain/i18n/translator";
import { type Notification, sampleNotifications } from "#domain/notifications";

/**
 * The first visit's samples in the page's language: the app writes them itself, so they are
 * stored in the words of the page the visitor arrived on (`notify.sample.<name>.*`). What the
 * visitor already has stays in the words it was written in.
 */
export const localizedSamples = (now: Date, t: Translator["t"]): Notification[] =>
  sampleNotifications(now, (name, part) => t(`notify.sample.${name}.${part}`));
