import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { snackbarAtom } from '../state/notifier';
import { renderWithProviders } from '../testing/render-with-providers';
import { useDeferredPopup, useOpenAfterMount, type PopupTriggerButtonProps } from './deferred-popup';
import { ExportMenu } from './export-menu';

function ColourButton(props: PopupTriggerButtonProps): ReactElement {
  return <Button {...props}>Colour</Button>;
}

function ColourMenuPopup(): ReactElement {
  return (
    <Menu {...useOpenAfterMount()}>
      <MenuTrigger disableButtonEnhancement>
        <ColourButton />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItem>Red</MenuItem>
          <MenuItem>Blue</MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** A loader the test settles by hand, like a chunk on a slow network (or one that fails). */
function manualLoader() {
  const calls: { resolve: () => void; reject: () => void }[] = [];
  const load = (): Promise<{ ColourMenuPopup: typeof ColourMenuPopup }> =>
    new Promise((resolve, reject) => calls.push({ resolve: () => resolve({ ColourMenuPopup }), reject: () => reject(new Error('ChunkLoadError')) }));
  return { load, calls };
}

function ColourMenu({ load }: { load: () => Promise<{ ColourMenuPopup: typeof ColourMenuPopup }> }): ReactElement {
  const popup = useDeferredPopup(load, { haspopup: 'menu' });
  if (popup.module) return <popup.module.ColourMenuPopup />;
  return <ColourButton {...popup.triggerProps} />;
}

// Where focus goes (into the menu, back to the trigger) needs a browser's layout: Fluent's focus finder
// sees nothing focusable in jsdom. e2e/tests/deferred-popups.spec.ts checks it.

test('nothing is loaded until the user reaches for the trigger; a click opens the menu once it has arrived', async () => {
  const { load, calls } = manualLoader();
  const { userEvent } = renderWithProviders(<ColourMenu load={load} />);
  const trigger = screen.getByRole('button', { name: 'Colour' });
  expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
  expect(calls).toHaveLength(0);

  await userEvent.hover(trigger);
  expect(calls).toHaveLength(1);
  await userEvent.click(trigger);
  // Still on its way: the button says so, and nothing is asked twice.
  expect(screen.getByRole('button', { name: 'Colour' })).toHaveAttribute('aria-busy', 'true');
  expect(calls).toHaveLength(1);
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();

  await act(async () => calls[0]!.resolve());
  expect(await screen.findByRole('menuitem', { name: 'Red' })).toBeInTheDocument();
  // The real trigger has taken the stand-in's place and says the menu is open.
  expect(screen.getByRole('button', { name: 'Colour' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('button', { name: 'Colour' })).not.toHaveAttribute('aria-busy');

  // It stays: closing and opening again asks for nothing.
  await userEvent.click(screen.getByRole('button', { name: 'Colour' }));
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  await userEvent.click(screen.getByRole('button', { name: 'Colour' }));
  expect(await screen.findByRole('menu')).toBeInTheDocument();
  expect(calls).toHaveLength(1);
});

test('from the keyboard: focus loads the code and ArrowDown opens the menu', async () => {
  const { load, calls } = manualLoader();
  const { userEvent } = renderWithProviders(<ColourMenu load={load} />);
  await userEvent.tab();
  expect(screen.getByRole('button', { name: 'Colour' })).toHaveFocus();
  expect(calls).toHaveLength(1);
  await act(async () => calls[0]!.resolve());
  // Arrived but not asked for: the stand-in stays (no menu opens by itself).
  expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  await userEvent.keyboard('{ArrowDown}');
  expect(await screen.findByRole('menuitem', { name: 'Red' })).toBeInTheDocument();
});

test('a download that fails says so in the snackbar, and the next click asks again and opens the menu', async () => {
  const { load, calls } = manualLoader();
  const { userEvent, store } = renderWithProviders(<ColourMenu load={load} />);
  await userEvent.click(screen.getByRole('button', { name: 'Colour' }));
  await act(async () => calls[0]!.reject());
  await waitFor(() =>
    expect(store.get(snackbarAtom).map((message) => message.text)).toEqual(['This menu could not be opened: check the connection and try again.']),
  );
  expect(screen.getByRole('button', { name: 'Colour' })).not.toHaveAttribute('aria-busy');

  await userEvent.click(screen.getByRole('button', { name: 'Colour' }));
  expect(calls).toHaveLength(2);
  await act(async () => calls[1]!.resolve());
  expect(await screen.findByRole('menuitem', { name: 'Blue' })).toBeInTheDocument();
});

test('the Export button opens its formats after its menu loads, and the message is in the user’s language', async () => {
  const exported: string[] = [];
  const formats = [
    { id: 'csv', label: 'ui.export.csv' as const },
    { id: 'xlsx', label: 'ui.export.xlsx' as const },
  ];
  const { userEvent } = renderWithProviders(<ExportMenu name="Lignes" formats={formats} onExport={(format) => void exported.push(format)} />, {
    language: 'fr',
  });
  const button = screen.getByRole('button', { name: 'Exporter Lignes' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await userEvent.click(button);
  await userEvent.click(await screen.findByRole('menuitem', { name: 'Fichier Excel' }));
  expect(exported).toEqual(['xlsx']);
  // The real trigger has taken the stand-in's place, with the same name.
  expect(screen.getByRole('button', { name: 'Exporter Lignes' })).toBeInTheDocument();
});
