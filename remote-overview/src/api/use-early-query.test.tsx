import { screen } from '@testing-library/react';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderWithProviders } from '@linepulse/shared/testing';
import { useEarlyQuery } from './use-early-query';

function figuresQuery(ask: () => Promise<number>) {
  return queryOptions({ queryKey: ['figures'] as const, queryFn: ask });
}

/** A page that asks early and notes whether the request was under way while it rendered. */
function Page({ ask, enabled, seen }: { ask: () => Promise<number>; enabled: boolean; seen: boolean[] }): ReactElement {
  const client = useQueryClient();
  const query = useEarlyQuery({ ...figuresQuery(ask), enabled });
  seen.push(client.isFetching() > 0);
  return <p>{query.data === undefined ? 'waiting' : `figures ${query.data}`}</p>;
}

describe('useEarlyQuery', () => {
  it('asks while the page renders, and the query reads that one request', async () => {
    const ask = jest.fn(() => Promise.resolve(42));
    const seen: boolean[] = [];
    renderWithProviders(<Page ask={ask} enabled seen={seen} />);
    // Under way during the very first render, before any effect of the page has run.
    expect(seen[0]).toBe(true);
    expect(await screen.findByText('figures 42')).toBeInTheDocument();
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while disabled', async () => {
    const ask = jest.fn(() => Promise.resolve(42));
    const seen: boolean[] = [];
    renderWithProviders(<Page ask={ask} enabled={false} seen={seen} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
    expect(seen.every((fetching) => !fetching)).toBe(true);
  });
});
