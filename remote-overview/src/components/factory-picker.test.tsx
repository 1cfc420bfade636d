import { screen, waitFor } from '@testing-library/react';
import { useState, type ReactElement } from 'react';
import { RemoteIntlProvider } from '@linepulse/shared';
import { renderWithProviders } from '@linepulse/shared/testing';
import { messages } from '../messages';
import { lyon, montreal } from '../testing/overview-fixtures';
import { FactoryPicker } from './factory-picker';
import { NotSummable } from './not-summable';

const factories = [lyon, montreal];

function Picker({ changes }: { changes: (string[] | null)[] }): ReactElement {
  const [ids, setIds] = useState<string[] | null>(null);
  return (
    <FactoryPicker
      factories={factories}
      value={ids ?? factories.map((factory) => factory.id)}
      onChange={(next) => {
        changes.push(next);
        setIds(next);
      }}
    />
  );
}

test('the factory picker names its choice, offers every factory as a checkable item, and keeps at least one', async () => {
  const changes: (string[] | null)[] = [];
  const { userEvent } = renderWithProviders(
    <RemoteIntlProvider messages={messages}>
      <Picker changes={changes} />
    </RemoteIntlProvider>,
  );
  const button = screen.getByRole('button', { name: 'Factories All factories' });
  expect(button).toHaveAttribute('aria-haspopup', 'menu');
  await userEvent.click(button);
  const lyonItem = await screen.findByRole('menuitemcheckbox', { name: lyon.name });
  expect(lyonItem).toHaveAttribute('aria-checked', 'true');
  expect(screen.getByRole('menuitemcheckbox', { name: montreal.name })).toHaveAttribute('aria-checked', 'true');

  // Unchecking Lyon leaves Montréal alone; the menu stays open for more.
  await userEvent.click(lyonItem);
  expect(changes).toEqual([[montreal.id]]);
  await waitFor(() => expect(screen.getByRole('menuitemcheckbox', { name: lyon.name })).toHaveAttribute('aria-checked', 'false'));
  expect(screen.getByRole('button', { name: `Factories ${montreal.name}` })).toBeInTheDocument();

  // The last one stays checked.
  await userEvent.click(screen.getByRole('menuitemcheckbox', { name: montreal.name }));
  expect(changes).toEqual([[montreal.id]]);
  expect(screen.getByRole('menuitemcheckbox', { name: montreal.name })).toHaveAttribute('aria-checked', 'true');

  // Both again: all factories (null).
  await userEvent.click(screen.getByRole('menuitemcheckbox', { name: lyon.name }));
  expect(changes).toEqual([[montreal.id], null]);
  expect(screen.getByRole('button', { name: 'Factories All factories' })).toBeInTheDocument();
});

test('a total that cannot be made says N/D, and its button opens the reason as a note', async () => {
  const { userEvent } = renderWithProviders(<NotSummable reason="The lines count in different units." />);
  expect(screen.getByText('N/D')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'The lines count in different units.' }));
  expect(await screen.findByRole('note')).toHaveTextContent('The lines count in different units.');
});
