import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  useCallback,
  useRef,
  useState,
} from "react";

/**
 * A module kept out of a page's first view: imported the first time it is wanted, then kept for
 * the rest of the visit. A failed import (offline, a new deployment) is tried again next time.
 */
export type LazyModule<T> = { load(): Promise<T>; readonly loaded: T | undefined };

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    load() {
      pending ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    get loaded() {
      return loaded;
    },
  };
}

/** How the stand-in was pressed: the real control opens, by keyboard or not, as it would have. */
export type Activation = { open: boolean; keyboard: boolean };

const closed: Activation = { open: false, keyboard: false };

/**
 * A plain stand-in control until first use, then the real one from `module`. `preload` (pointer
 * over it, focus) only fetches; `activate` (the press) fetches if needed, then swaps the real
 * control in, told to open. Swapping only on the press means a press is never split between
 * two elements (a click whose mousedown hit a removed element is lost). Once loaded, later
 * mounts (another page) render the real control at once.
 */
export function useLazyModule<T>(module: LazyModule<T>) {
  const [state, setState] = useState<{ module: T; activation: Activation } | null>(() =>
    module.loaded ? { module: module.loaded, activation: closed } : null,
  );
  const activated = useRef(false);

  const preload = useCallback(() => {
    // A failure here is retried by the press.
    module.load().catch(() => undefined);
  }, [module]);

  const activate = useCallback(
    (keyboard: boolean) => {
      if (activated.current) return;
      activated.current = true;
      module.load().then(
        (loaded) => setState({ module: loaded, activation: { open: true, keyboard } }),
        () => {
          // Not loaded (offline): this press did nothing; the next one tries again.
          activated.current = false;
        },
      );
    },
    [module],
  );

  return { loaded: state?.module, activation: state?.activation ?? closed, preload, activate };
}

type StandInControls = { preload(): void; activate(keyboard: boolean): void };

/**
 * The props of a plain <button> standing in for a Radix DropdownMenu trigger: it reads as that
 * trigger does while closed, and opens as it does: a left press (not on release), Enter, Space
 * or ArrowDown. Pointer over it or focus on it fetches the menu, so the press finds it ready.
 */
export function menuStandInProps({ preload, activate }: StandInControls) {
  return {
    type: "button",
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: preload,
    onFocus: preload,
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0 || event.ctrlKey) return;
      // As Radix does: the button does not take focus, the menu will.
      event.preventDefault();
      activate(false);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== "Enter" && event.key !== " " && event.key !== "ArrowDown") return;
      event.preventDefault();
      activate(true);
    },
    // Assistive technology may click without a press or a key (a click with no pointer behind it).
    onClick: (event: MouseEvent) => {
      if (event.detail === 0) activate(true);
    },
  } as const;
}

/** The same for a Radix Dialog trigger, which opens on click. */
export function dialogStandInProps({ preload, activate }: StandInControls) {
  return {
    type: "button",
    "aria-haspopup": "dialog",
    "aria-expanded": false,
    "data-state": "closed",
    onPointerEnter: preload,
    onFocus: preload,
    // Started on the press, so the module is on its way before the click.
    onPointerDown: preload,
    onClick: (event: MouseEvent) => activate(event.detail === 0),
  } as const;
}

/**
 * For a menu that opens as it mounts: opened from the keyboard, Radix would have put focus on
 * its first item (it saw the key), but it did not see this one and focuses the menu itself; this
 * handler, the menu content's onFocus, carries focus on to the first item, once. Opened by
 * pointer, Radix's own focus on the menu stands.
 */
export function useKeyboardOpenFocus(activation: Activation) {
  const pending = useRef(activation.open && activation.keyboard);
  return useCallback((event: FocusEvent<HTMLElement>) => {
    if (!pending.current || event.target !== event.currentTarget) return;
    pending.current = false;
    event.currentTarget
      .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
      ?.focus({ preventScroll: true });
  }, []);
}
