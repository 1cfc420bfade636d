import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent, type Ref } from 'react';
import { useNotifier } from '../state/notifier';
import { useUiText } from './ui-messages';

/** What a loader gave, once it has: read synchronously by every later trigger of the same popup. */
const arrived = new WeakMap<() => Promise<unknown>, unknown>();
const inFlight = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

function loadOnce<T>(load: () => Promise<T>): Promise<T> {
  const known = inFlight.get(load) as Promise<T> | undefined;
  if (known) return known;
  const promise = load().then(
    (module) => {
      arrived.set(load, module);
      return module;
    },
    (error: unknown) => {
      // A failed chunk is asked for again on the next attempt (webpack forgets a failed load).
      inFlight.delete(load);
      throw error;
    },
  );
  inFlight.set(load, promise);
  return promise;
}

/** Props for the stand-in trigger, drawn like the real one. */
export interface DeferredTriggerProps {
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-busy'?: true;
  onPointerEnter: (event: PointerEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

/**
 * What a trigger button accepts: the stand-in's props, or those the real popup's trigger adds when it
 * wraps the same button (Fluent's MenuTrigger and PopoverTrigger clone it with their handlers and ref).
 */
export type PopupTriggerButtonProps = Partial<DeferredTriggerProps> & {
  'aria-expanded'?: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export interface DeferredPopup<T> {
  /**
   * The popup's module once the user has asked for the popup and it has arrived: from then on, render
   * the real trigger and popup, opened (its own trigger then takes over; it stays mounted).
   */
  module: T | null;
  /** For the stand-in trigger until then. */
  triggerProps: DeferredTriggerProps;
}

/**
 * A popup (a menu's items, a popover's surface) whose code loads when the user reaches for its trigger,
 * not with the page: the first screen carries only what it shows (issue 23, decision 60). The stand-in
 * trigger looks and is named like the real one; pointing at it or focusing it starts the download, and
 * a click, Enter, Space or ArrowDown opens the popup as soon as its code is there (focus then moves into
 * it, as with the real trigger). If the download fails, the user is told so and the next attempt asks again.
 */
export function useDeferredPopup<T>(load: () => Promise<T>, options: { haspopup?: 'menu' | 'dialog' } = {}): DeferredPopup<T> {
  const text = useUiText();
  const notifier = useNotifier();
  const [asked, setAsked] = useState(false);
  const [module, setModule] = useState<T | null>(() => (arrived.get(load) as T | undefined) ?? null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const fetchModule = (): Promise<T | null> =>
    loadOnce(load).then(
      (value) => {
        if (mounted.current) setModule(() => value);
        return value;
      },
      () => null,
    );
  const preload = (): void => void fetchModule();
  const ask = (): void => {
    setAsked(true);
    void fetchModule().then((value) => {
      if (value !== null || !mounted.current) return;
      setAsked(false);
      notifier.error(text('ui.popup.failed'));
    });
  };
  return {
    module: asked ? module : null,
    triggerProps: {
      ...(options.haspopup ? { 'aria-haspopup': options.haspopup } : {}),
      ...(asked ? { 'aria-busy': true as const } : {}),
      onPointerEnter: preload,
      onFocus: preload,
      onClick: ask,
      onKeyDown: (event) => {
        // The real menu trigger opens on ArrowDown too.
        if (options.haspopup === 'menu' && event.key === 'ArrowDown') {
          event.preventDefault();
          ask();
        }
      },
    },
  };
}

/** The open state of a Fluent Menu or Popover, as props: `<Menu {...useOpenAfterMount()}>`. */
export interface OpenStateProps {
  open: boolean;
  onOpenChange: (event: unknown, data: { open: boolean }) => void;
}

/**
 * The open state of a popup that `useDeferredPopup` has just mounted because the user asked for it:
 * closed for its first render, then opened, as if its trigger had been clicked. (Mounted open, Fluent's
 * Menu and Popover look for the first item to focus before their portal has drawn it, and focus, whose
 * stand-in trigger has just been replaced, falls to the page.)
 */
export function useOpenAfterMount(): OpenStateProps {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // After the mount's own effects (the portal makes its node in one), as a click would come.
    const timer = setTimeout(() => setOpen(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return { open, onOpenChange: (_event, data) => setOpen(data.open) };
}
