import { Popover, PopoverSurface, PopoverTrigger } from '@fluentui/react-components';
import { useEffect, useRef, type ReactElement } from 'react';
import { useOpenAfterMount } from '@linepulse/shared';
import { NotSummableButton } from './not-summable';

/**
 * The reason as a note beside its button, once asked for (not-summable.tsx draws the button until
 * then), opened. Not modal: focus stays on the button, which takes the place of the one pressed. In a
 * portal, not inline: the table's own scrolling panel would cut it.
 */
export function NotSummablePopup({ reason }: { reason: string }): ReactElement {
  const openState = useOpenAfterMount();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => button.current?.focus({ preventScroll: true }), []);
  return (
    <Popover {...openState} positioning="above" withArrow size="small">
      <PopoverTrigger disableButtonEnhancement>
        <NotSummableButton ref={button} reason={reason} />
      </PopoverTrigger>
      <PopoverSurface role="note">{reason}</PopoverSurface>
    </Popover>
  );
}
