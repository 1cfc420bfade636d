import { Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { cloneElement, useRef, type ReactElement, type ReactNode, type Ref } from 'react';
import { useFocusReturn, useOpenAfterMount } from '@linepulse/shared';

export interface AlertsPopoverProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The bell's button. */
  trigger: ReactElement<{ ref?: Ref<HTMLButtonElement> }>;
  surfaceClassName: string;
  labelledBy: string;
  children: ReactNode;
}

/**
 * The bell's popover (Fluent's Popover and its positioning), loaded once the user reaches for the bell
 * (alerts-bell.tsx, decision 60). Modal while open: focus stays inside it and returns to the bell.
 */
export function AlertsPopover({ open, onOpenChange, trigger, surfaceClassName, labelledBy, children }: AlertsPopoverProps): ReactElement {
  // Asked for before it arrived (`open` already true): opened after its first render, like a click would.
  const arrived = useOpenAfterMount().open;
  // The bell that was clicked was the stand-in, gone since: Fluent's focus restorer has nothing to go
  // back to, so the popover gives focus back to the bell itself.
  const bell = useRef<HTMLButtonElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  useFocusReturn(open && arrived, bell, surface);
  return (
    <Popover open={open && arrived} onOpenChange={(_event, state) => onOpenChange(state.open)} positioning="below-end" trapFocus withArrow>
      <PopoverTrigger disableButtonEnhancement>{cloneElement(trigger, { ref: bell })}</PopoverTrigger>
      <PopoverSurface ref={surface} className={surfaceClassName} aria-labelledby={labelledBy}>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
