import type { ComponentType, ReactElement, ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Factory } from '@linepulse/contracts';
import { useScreenLink } from '../selection/screen-link';
import { useActiveFactory, useFactoriesStatus } from '../state/hooks';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';
import { PageFrame } from './page-frame';

export interface FactoryPageFrameProps {
  /** The page's name; the factory's name is added to the heading. */
  title: string;
  description?: string;
  actions?: ReactNode;
  children: (factory: Factory) => ReactNode;
}

/**
 * Frame of every /:factoryId/… page: resolves the route's factory among the user's factories, waits
 * while they load, and shows "not found or unauthorized" (product §8) instead of the page when it is not
 * one of them. A link carrying a selection (an e-mail report's) is applied before the page asks for data.
 */
export function FactoryPageFrame({ title, description, actions, children }: FactoryPageFrameProps): ReactElement {
  const intl = useIntl();
  const factory = useActiveFactory();
  const status = useFactoriesStatus();
  const applyingLink = useScreenLink(factory ?? null);
  if (!factory || applyingLink) {
    return (
      <PageFrame title={title}>
        {factory || status === 'loading' || status === 'idle' ? (
          <LoadingState />
        ) : (
          <ErrorState message={intl.formatMessage({ id: 'error.factoryNotFound' })} />
        )}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={`${title} — ${factory.name}`} description={description} actions={actions}>
      {children(factory)}
    </PageFrame>
  );
}

/** A factory page whose frame is its title and description; its content is built by its own issue. */
export function factorySectionPage(titleId: string, descriptionId: string): ComponentType {
  function FactorySectionPage(): ReactElement {
    const intl = useIntl();
    return (
      <FactoryPageFrame title={intl.formatMessage({ id: titleId })} description={intl.formatMessage({ id: descriptionId })}>
        {() => null}
      </FactoryPageFrame>
    );
  }
  FactorySectionPage.displayName = `FactorySectionPage(${titleId})`;
  return FactorySectionPage;
}
