import { useEffect } from "react";

/**
 * Short tones made with the Web Audio API (no sound files to download): a rising pair for
 * success, a falling pair for an error, one note otherwise.
 */
const melodies: Record<string, number[]> = {
  success: [660, 880],
  error: [440, 294],
  warning: [523, 523],
};
const DEFAULT_MELODY = [587];
const NOTE_SECONDS = 0.12;

type AudioContextClass = typeof AudioContext;
let context: AudioContext | undefined;

export function playTone(kind: string) {
  const Context: AudioContextClass | undefined =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context) return;
  context ??= new Context();
  // Browsers start audio suspended until the visitor has interacted with the page.
  if (context.state === "suspended") void context.resume().catch(() => {});
  const start = context.currentTime;
  (melodies[kind] ?? DEFAULT_MELODY).forEach((frequency, i) => {
    const at = start + i * NOTE_SECONDS;
    const oscillator = context!.createOscillator();
    const gain = context!.createGain();
    oscillator.frequency.value = frequency;
    // A quick fade in and out: no click at either end of the note.
    gain.gain.setValueAtTime(0, at);
    gain.gain.linearRampToValueAtTime(0.15, at + 0.01);
    gain.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS);
    oscillator.connect(gain).connect(context!.destination);
    oscillator.start(at);
    oscillator.stop(at + NOTE_SECONDS);
  });
}

/**
 * While `enabled` (the sound-effects preference), every message that pops up (a sonner toast,
 * anywhere on the site) plays the tone of its type.
 */
export function useToastSounds(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (!(node instanceof Element)) continue;
          const toast = node.matches("[data-sonner-toast]")
            ? node
            : node.querySelector("[data-sonner-toast]");
          if (toast) playTone(toast.getAttribute("data-type") ?? "default");
        }
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [enabled]);
}
