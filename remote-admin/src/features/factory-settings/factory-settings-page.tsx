import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useParams } from 'react-router-dom';
import { ErrorState, LoadingState, PageFrame, errorMessage, queryView, useCurrencies, useFactories, useFactoriesStatus, usePreferences } from '@linepulse/shared';
import type { Factory } from '@linepulse/contracts';
import { draftFromConfiguration, emptyConfigurationDraft } from '../../model/configuration-draft';
import { factoryConfigurationQuery } from '../../api/get-factory-configuration';
import { newFactoryValues, settingsValuesOf } from '../../model/factory-settings-form';
import { NEW_FACTORY_ID } from './new-factory-id';
import { FactoryWizard, STEP_IDS, type StepId } from './factory-wizard';


/** The step a navigation asked for (`state.step`), e.g. the machines step right after a creation. */
function requestedStep(state: unknown): StepId | undefined {
  const step = (state as { step?: unknown } | null)?.step;
  return typeof step === 'string' && (STEP_IDS as readonly string[]).includes(step) ? (step as StepId) : undefined;
}

/** factory/{id} (admin): the settings wizard of one factory; factory/new creates one. */
export function FactorySettingsPage(): ReactElement {
  const intl = useIntl();
  const { id = '' } = useParams();
  const creating = id === NEW_FACTORY_ID;
  const factory = useFactories().find((f) => f.id === id);
  const title = creating
    ? intl.formatMessage({ id: 'admin.factory.creationTitle' })
    : factory
      ? `${intl.formatMessage({ id: 'admin.factory.title' })} — ${factory.name}`
      : intl.formatMessage({ id: 'admin.factory.title' });
  return (
    <PageFrame title={title} description={intl.formatMessage({ id: 'admin.factory.description' })}>
      {creating ? <NewFactory /> : <EditedFactory key={id} id={id} factory={factory} />}
    </PageFrame>
  );
}

function NewFactory(): ReactElement {
  const preferences = usePreferences();
  const currencies = useCurrencies();
  return (
    <FactoryWizard
      factory={null}
      initialValues={newFactoryValues(preferences.language, currencies.includes('EUR') ? 'EUR' : (currencies[0] ?? ''))}
      configuration={emptyConfigurationDraft()}
    />
  );
}

function EditedFactory({ id, factory }: { id: string; factory: Factory | undefined }): ReactElement {
  const intl = useIntl();
  const location = useLocation();
  const status = useFactoriesStatus();
  const configuration = queryView(useQuery({ ...factoryConfigurationQuery(id), enabled: factory !== undefined }));
  // Made once per answer: the wizard compares against it to know what changed.
  const stored = useMemo(() => (configuration.data ? draftFromConfiguration(configuration.data) : null), [configuration.data]);
  const initialValues = useMemo(() => (factory ? settingsValuesOf(factory) : null), [factory]);
  if (!factory) {
    return status === 'loading' || status === 'idle' ? <LoadingState /> : <ErrorState message={intl.formatMessage({ id: 'error.factoryNotFound' })} />;
  }
  if (configuration.loading) return <LoadingState />;
  if (stored === null || initialValues === null) return <ErrorState message={errorMessage(intl, configuration.error)} onRetry={configuration.reload} />;
  const step = requestedStep(location.state);
  return (
    <FactoryWizard
      factory={factory}
      initialValues={initialValues}
      configuration={stored}
      initialStep={step}
    />
  );
}
