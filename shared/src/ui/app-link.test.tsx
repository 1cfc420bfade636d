import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AppLink, ExternalLinksContext } from './app-link';

function renderLink(external: Parameters<typeof ExternalLinksContext.Provider>[0]['value']) {
  return render(
    <MemoryRouter initialEntries={['/company-overview']}>
      <ExternalLinksContext.Provider value={external}>
        <AppLink to="/f-lyon/dashboard">Lyon</AppLink>
      </ExternalLinksContext.Provider>
    </MemoryRouter>,
  );
}

test('in Linepulse, a link is the router’s', () => {
  renderLink(null);
  const link = screen.getByRole('link', { name: 'Lyon' });
  expect(link).toHaveAttribute('href', '/f-lyon/dashboard');
  expect(link).not.toHaveAttribute('target');
});

test('in an embed, a link leads to the page in Linepulse, in a new tab', () => {
  renderLink({ base: 'https://linepulse.example.com' });
  const link = screen.getByRole('link', { name: 'Lyon' });
  expect(link).toHaveAttribute('href', 'https://linepulse.example.com/f-lyon/dashboard');
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
});

test('in an embed whose product handles links, a click is handed to it', async () => {
  const onNavigate = jest.fn();
  renderLink({ base: 'https://linepulse.example.com/', onNavigate });
  const link = screen.getByRole('link', { name: 'Lyon' });
  expect(link).not.toHaveAttribute('target');
  await userEvent.click(link);
  expect(onNavigate).toHaveBeenCalledWith('https://linepulse.example.com/f-lyon/dashboard');
});
