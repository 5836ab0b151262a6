import { ImageOff } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { preload } from "react-dom";
import type { Photo } from "#domain/listings";
import { PRIORITY_PHOTO_TIMING } from "#web/lib/priority-photo";
import { cn } from "#web/lib/utils";

declare module "react" {
  // The Element Timing API's attribute (Chromium): React passes it through, its types lack it.
  interface ImgHTMLAttributes<T> {
    elementtiming?: string;
  }
}

type Props = {
  photo: Photo;
  /** The `sizes` attribute: how wide the image is drawn at each breakpoint. */
  sizes: string;
  /** The first visible image of a page: loaded eagerly with high priority. */
  priority?: boolean;
  /**
   * With `priority`: the image is the first visible one only where this media query matches
   * (above the fold on a wide screen, below it on a phone). It is preloaded there, and lazy
   * everywhere, so a phone does not spend its first bytes on a photo it does not show yet.
   */
  priorityMedia?: string;
  /** Shown instead when the photo fails to load: a stock photo. */
  fallback?: Photo;
  className?: string;
  /**
   * The words of the failed state in the page's language (the renter's pages pass them from their
   * catalogue). Without them it speaks English: the back office, which is English only.
   */
  texts?: ImageTexts;
};

export type ImageTexts = {
  /** The failed image's accessible name, from the photo's alt text. */
  label: (alt: string) => string;
  unavailable: string;
  refresh: string;
};

const englishTexts: ImageTexts = {
  label: (alt) => `${alt}: image unavailable`,
  unavailable: "Image unavailable",
  refresh: "Please try refreshing",
};

type State = "loading" | "loaded" | "fallback" | "failed";

/** The photo failed: try the fallback once, then give up. */
function nextAfterFailure(state: State, hasFallback: boolean): State {
  return state !== "fallback" && state !== "failed" && hasFallback ? "fallback" : "failed";
}

/**
 * A photo with its states: a skeleton while it loads, the fallback photo if it fails, then
 * 'Image unavailable / Please try refreshing'. Width and height are always set (no layout shift).
 */
export function ResponsiveImage({
  photo,
  sizes,
  priority = false,
  priorityMedia,
  fallback,
  className,
  texts = englishTexts,
}: Props) {
  // The first visible photo is usually the page's largest paint: ask for it before the scripts.
  if (priority) {
    preload(photo.url, {
      as: "image",
      imageSrcSet: photo.srcSet,
      imageSizes: sizes,
      fetchPriority: "high",
      ...(priorityMedia ? { media: priorityMedia } : {}),
    });
  }
  // React preloads every eager image of the page itself, whatever the screen: a lazy one it
  // leaves to the media-bound preload above.
  const eager = priority && !priorityMedia;
  const [state, setState] = useState<State>("loading");
  const ref = useRef<HTMLImageElement>(null);
  const current = state === "fallback" && fallback ? fallback : photo;

  const hasFallback = Boolean(fallback);
  const fail = () => setState((s) => nextAfterFailure(s, hasFallback));

  // An image that finished (or failed) before hydration fires no event React can see.
  useEffect(() => {
    const img = ref.current;
    if (!img?.complete) return;
    if (img.naturalWidth > 0) setState((s) => (s === "loading" ? "loaded" : s));
    else setState((s) => nextAfterFailure(s, hasFallback));
  }, [hasFallback]);

  if (state === "failed") {
    return (
      <div
        role="img"
        aria-label={texts.label(photo.alt)}
        className={cn(
          "flex flex-col items-center justify-center gap-1 bg-muted text-center text-sm text-muted-foreground",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" />
        <span>{texts.unavailable}</span>
        <span className="text-xs">{texts.refresh}</span>
      </div>
    );
  }

  return (
    <img
      ref={ref}
      key={current.url}
      src={current.url}
      srcSet={current.srcSet || undefined}
      sizes={sizes}
      width={current.width}
      height={current.height}
      alt={current.alt}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      fetchPriority={eager ? "high" : "auto"}
      // The page's scripts start once this photo is on screen (lib/start-app.ts).
      elementtiming={eager ? PRIORITY_PHOTO_TIMING : undefined}
      onLoad={() => setState((s) => (s === "fallback" ? s : "loaded"))}
      onError={fail}
      className={cn("bg-muted object-cover", className)}
    />
  );
}
