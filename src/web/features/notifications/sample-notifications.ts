import { type Notification, sampleNotifications } from "#domain/notifications";
import type { Translator } from "#web/i18n/translator";

/**
 * The first visit's samples in the page's language: the app writes them itself, so they are
 * stored in the words of the page the visitor arrived on (`notify.sample.<id>.*`, the id without
 * its `sample-`). What the visitor already has stays in the words it was written in.
 */
export function localizedSamples(now: Date, t: Translator["t"]): Notification[] {
  return sampleNotifications(now).map((n) => {
    const key = `notify.sample.${n.id.replace(/^sample-/, "")}`;
    return {
      ...n,
      title: t(`${key}.title`),
      message: t(`${key}.message`),
      ...(n.actionLabel !== undefined && { actionLabel: t(`${key}.action`) }),
    };
  });
}
