import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, type PointerEvent, useRef, useState } from "react";
import type { Photo } from "#domain/listings";
import { cycleIndex } from "#domain/photos";
import { useI18n } from "#web/i18n/i18n-provider";
import { cn } from "#web/lib/utils";
import { ListingImage } from "./listing-image";

const SWIPE_PX = 40;

/**
 * The unit's photos: previous/next, dots, arrow keys and swipe. The index cycles circularly
 * (after the last photo comes the first). The fade is turned off by the reduced-motion rule.
 */
export function UnitGallery({ photos, label }: { photos: Photo[]; label: string }) {
  const { t } = useI18n();
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const count = photos.length;
  const go = (step: 1 | -1) => setIndex((i) => cycleIndex(i, step, count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) >= SWIPE_PX) go(dx < 0 ? 1 : -1);
  };

  const photo = photos[index]!;
  return (
    <section
      aria-roledescription={t("listings.gallery.roleDescription")}
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the carousel takes arrow keys once focused
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="relative overflow-hidden rounded-lg bg-muted focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: swipe adds to the buttons and arrow keys, it replaces nothing */}
      <div
        className="relative aspect-[3/2] touch-pan-y select-none"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        // A mouse drag must swipe, not start the browser's image drag (which cancels the pointer).
        onDragStart={(event) => event.preventDefault()}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
      >
        <div key={index} className="size-full animate-fade-in">
          <ListingImage
            photo={photo}
            sizes="(min-width: 1024px) 800px, 100vw"
            priority={index === 0}
            className="size-full"
          />
        </div>
        <p
          aria-live="polite"
          className="absolute right-3 top-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white"
        >
          {`${index + 1} / ${count}`}
        </p>
      </div>
      {count > 1 ? (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            aria-label={t("listings.gallery.previous")}
            className="absolute left-3 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-foreground shadow hover:bg-white"
          >
            <ChevronLeft aria-hidden="true" className="size-6" />
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            aria-label={t("listings.gallery.next")}
            className="absolute right-3 top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-foreground shadow hover:bg-white"
          >
            <ChevronRight aria-hidden="true" className="size-6" />
          </button>
          <div className="absolute inset-x-0 bottom-2 flex justify-center">
            {photos.map((p, i) => (
              <button
                key={p.url}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t("listings.gallery.show", {
                  number: String(i + 1),
                  count: String(count),
                })}
                aria-current={i === index ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    "size-2.5 rounded-full bg-white/70 shadow ring-1 ring-black/20 group-hover:bg-white",
                    i === index && "size-3 bg-white",
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
