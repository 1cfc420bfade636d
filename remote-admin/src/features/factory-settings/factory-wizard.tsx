import { Button, MessageBar, MessageBarBody, MessageBarTitle, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  AppLink,
  errorMessage,
  errorMessageId,
  factoryProductsQuery,
  factoryWorkShiftsQuery,
  genericErrorMessage,
  isApiError,
  putFactory,
  useCurrencies,
  useNotifier,
  userFactoriesQuery,
} from '@linepulse/shared';
import { ERROR_CODES, routePath, unitsWithAlteredHistory, type Factory } from '@linepulse/contracts';
import { declarationFromDraft, type ConfigurationDraft } from '../../model/configuration-draft';
import { factoryConfigurationQuery } from '../../api/get-factory-configuration';
import { postFactory } from '../../api/post-factory';
import { putFactoryConfiguration } from '../../api/put-factory-configuration';
import {
  SETTINGS_STEP_FIELDS,
  calendarChanged,
  settingsOf,
  settingsProblems,
  type SettingsField,
  type SettingsStep,
  type SettingsValues,
} from '../../model/factory-settings-form';
import { configurationProblemsFromApi, type ConfigurationProblems } from '../../model/configuration-problems';
import { CONFIGURATION_STEPS, configurationStepOf, configurationStepOwning, type ConfigurationStepId } from './configuration-steps';
import { CalendarStep, GeneralStep, MoneyStep, ObjectivesStep } from './settings-steps';
import { SummaryStep } from './summary-step';
import { AlertsStep } from './alerts-step';
import { MachinesStep } from './machines-step';

const useStyles = makeStyles({
  layout: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXL, alignItems: 'flex-start' },
  steps: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '200px' },
  stepButton: { width: '100%', justifyContent: 'flex-start' },
  current: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground1Selected },
  panel: {
    flexGrow: 1,
    flexBasis: '480px',
    minWidth: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, outlineStyle: 'none' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  failure: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'pre-line' },
});

export type StepId = SettingsStep | ConfigurationStepId | 'summary' | 'machines' | 'alerts';

const SETTINGS_STEPS: readonly SettingsStep[] = ['general', 'calendar', 'money', 'objectives'];
export const STEP_IDS: readonly StepId[] = [...SETTINGS_STEPS, ...CONFIGURATION_STEPS.map((step) => step.id), 'summary', 'machines', 'alerts'];
/** Steps of a saved factory, each saving its own changes at once (ingest keys, alert rules): not part of the summary's save. */
const AFTER_SAVE_STEPS: readonly StepId[] = ['machines', 'alerts'];

export interface FactoryWizardProps {
  /** The factory being edited, or null to create one. */
  factory: Factory | null;
  initialValues: SettingsValues;
  /** The stored production configuration as the editor holds it. */
  configuration: ConfigurationDraft;
  /** The step to open (after a creation, the machines step). */
  initialStep?: StepId;
  /** Set when this factory's settings were just saved with a change of past figures (shows the progress). */
  recomputing?: boolean;
}

interface SaveOutcome {
  recomputing: boolean;
}

/**
 * factory/{id}: the factory's settings and production configuration, one step at a time, each step
 * checked before the next, a summary before anything is saved, then the machines' ingest keys and the
 * alert rules (each saved at once).
 * Settings are saved with PUT factories/{id} (POST /factories for a new one), the production
 * configuration with PUT factories/{id}/configuration: both only when they changed.
 */
export function FactoryWizard({ factory, initialValues, configuration, initialStep = 'general', recomputing = false }: FactoryWizardProps): ReactElement {
  const intl = useIntl();
  const styles = useStyles();
  const navigate = useNavigate();
  const notifier = useNotifier();
  const client = useQueryClient();
  const currencies = useCurrencies();
  const [step, setStep] = useState<StepId>(initialStep);
  const [attempted, setAttempted] = useState<ReadonlySet<StepId>>(new Set());
  const [draft, setDraft] = useState<ConfigurationDraft>(configuration);
  const [serverProblems, setServerProblems] = useState<ConfigurationProblems>({});
  const [failure, setFailure] = useState('');
  const [saved, setSaved] = useState<SaveOutcome | null>(recomputing ? { recomputing: true } : null);
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  const translate = (code: string, args?: Record<string, string | number>): string =>
    intl.formatMessage({ id: errorMessageId(code) }, args);

  const form = useFormik<SettingsValues>({
    initialValues,
    validate: (values) => {
      const problems = settingsProblems(values, currencies);
      const errors: FormikErrors<SettingsValues> & { oee?: string } = {};
      for (const [field, problem] of Object.entries(problems)) {
        if (problem) (errors as Record<string, string>)[field] = translate(problem.code, problem.arguments);
      }
      return errors;
    },
    onSubmit: () => undefined,
  });

  const settingsStepOf = (field: SettingsField): SettingsStep => SETTINGS_STEPS.find((s) => (SETTINGS_STEP_FIELDS[s] as readonly string[]).includes(field))!;
  const problem = (field: SettingsField): string | undefined => {
    const message = (form.errors as Record<string, string | undefined>)[field];
    const shown = attempted.has(settingsStepOf(field)) || (field in form.touched && form.touched[field as keyof SettingsValues]);
    return shown ? message : undefined;
  };

  // A screen-reader user hears the new step's name; keyboard focus starts at its top.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const settingsChanged = useMemo(() => JSON.stringify(settingsOf(form.values)) !== JSON.stringify(settingsOf(initialValues)), [form.values, initialValues]);
  const storedDeclaration = useMemo(() => declarationFromDraft(configuration), [configuration]);
  const declaration = useMemo(() => declarationFromDraft(draft), [draft]);
  const configurationChanged = JSON.stringify(declaration) !== JSON.stringify(storedDeclaration);
  const altersPast = factory !== null && (calendarChanged(initialValues, form.values) || unitsWithAlteredHistory(storedDeclaration, declaration).length > 0);

  /** Whether a step's own rules pass; marks it attempted so its messages show. */
  const stepValid = (id: StepId): boolean => {
    if ((SETTINGS_STEPS as readonly string[]).includes(id)) {
      const problems = settingsProblems(form.values, currencies);
      return (SETTINGS_STEP_FIELDS[id as SettingsStep] as readonly SettingsField[]).every((field) => !problems[field]);
    }
    const configurationStep = configurationStepOf(id);
    return configurationStep ? configurationStep.valid(draft) : true;
  };

  const editable = STEP_IDS.filter((id) => !AFTER_SAVE_STEPS.includes(id));
  const go = (target: StepId): void => {
    const from = STEP_IDS.indexOf(step);
    const to = STEP_IDS.indexOf(target);
    if (to > from) {
      // Going forward checks every step on the way: the first one with a problem is where the admin lands.
      for (const id of STEP_IDS.slice(from, to)) {
        if (!stepValid(id)) {
          setAttempted((set) => new Set(set).add(id));
          void form.validateForm();
          setStep(id);
          return;
        }
      }
    }
    setStep(target);
  };
  const next = STEP_IDS[STEP_IDS.indexOf(step) + 1];
  const previous = STEP_IDS[STEP_IDS.indexOf(step) - 1];
  const machinesReachable = factory !== null;

  const save = async (): Promise<void> => {
    setFailure('');
    setServerProblems({});
    const invalid = editable.find((id) => !stepValid(id));
    if (invalid) {
      setAttempted((set) => new Set(set).add(invalid));
      setStep(invalid);
      return;
    }
    const settings = settingsOf(form.values);
    let target: Factory | null = factory;
    setSaving(true);
    try {
      if (factory === null) target = await postFactory(settings);
      else if (settingsChanged) target = await putFactory(factory.id, settings);
      if (target && (factory === null || configurationChanged) && (factory !== null || hasConfiguration(draft))) {
        const stored = await putFactoryConfiguration(target.id, declaration);
        // The new baseline of "what changed" (the page derives its draft from this answer).
        client.setQueryData(factoryConfigurationQuery(target.id).queryKey, stored);
      }
      // The session's factories (lines, settings) and this factory's shifts and products are asked again,
      // so the navigation and every screen follow the change without a reload. The factories are fetched
      // outright: remotes read them through disabled observers, which an invalidation would not refetch.
      await Promise.all([
        client.fetchQuery({ ...userFactoriesQuery(), staleTime: 0 }),
        ...(target ? [client.invalidateQueries({ queryKey: factoryWorkShiftsQuery(target.id).queryKey }), client.invalidateQueries({ queryKey: factoryProductsQuery(target.id).queryKey })] : []),
      ]);
      notifier.success(intl.formatMessage({ id: 'admin.factory.saved' }, { name: settings.name }));
      if (factory === null && target) {
        navigate(routePath('factorySettings', { id: target.id }), { replace: true, state: { step: 'machines' } });
        return;
      }
      form.resetForm({ values: form.values });
      setSaved({ recomputing: altersPast });
      setStep('machines');
    } catch (error) {
      if (factory === null && target) {
        // The factory exists now; its configuration can be fixed from its own page.
        navigate(routePath('factorySettings', { id: target.id }), { replace: true, state: { step: 'units' } });
        return;
      }
      showSaveError(error);
    } finally {
      setSaving(false);
    }
  };

  const showSaveError = (error: unknown): void => {
    if (isApiError(error)) {
      const duplicate = error.items.find((item) => item.code === ERROR_CODES.factoryDuplicateName);
      if (duplicate) {
        void form.setFieldError('name', translate(duplicate.code, duplicate.arguments));
        setAttempted((set) => new Set(set).add('general'));
        setStep('general');
        return;
      }
      const problems = configurationProblemsFromApi(error.items, draft);
      const located = Object.keys(problems)
        .map((path) => configurationStepOwning(path))
        .find((s) => s !== undefined);
      if (located) {
        setServerProblems(problems);
        setStep(located.id);
        return;
      }
    }
    setFailure(errorMessage(intl, error) || genericErrorMessage(intl));
  };

  const t = (id: string): string => intl.formatMessage({ id });
  const stepProps = { form, problem };
  const configurationStep = configurationStepOf(step);
  let body: ReactNode;
  if (step === 'general') body = <GeneralStep {...stepProps} />;
  else if (step === 'calendar') body = <CalendarStep {...stepProps} />;
  else if (step === 'money') body = <MoneyStep {...stepProps} />;
  else if (step === 'objectives') body = <ObjectivesStep {...stepProps} />;
  else if (configurationStep) {
    body = configurationStep.render({ draft, onChange: setDraft, showErrors: attempted.has(step), serverProblems });
  } else if (step === 'summary') {
    body = <SummaryStep values={form.values} configuration={draft} creating={factory === null} altersPast={altersPast} changed={factory === null || settingsChanged || configurationChanged} />;
  } else if (step === 'machines') {
    body = <MachinesStep factory={factory} recomputing={saved?.recomputing ?? false} />;
  } else {
    body = <AlertsStep factory={factory} />;
  }

  return (
    <div className={styles.layout}>
      <nav aria-label={t('admin.factory.steps')}>
        <ol className={styles.steps}>
          {STEP_IDS.map((id, index) => (
            <li key={id}>
              <Button
                appearance="subtle"
                className={mergeClasses(styles.stepButton, id === step && styles.current)}
                aria-current={id === step ? 'step' : undefined}
                disabled={AFTER_SAVE_STEPS.includes(id) && !machinesReachable}
                onClick={() => go(id)}
              >
                {`${index + 1}. ${t(`admin.factory.step.${id}`)}`}
              </Button>
            </li>
          ))}
        </ol>
      </nav>
      <section className={styles.panel} aria-labelledby="factory-step-heading">
        <h2 id="factory-step-heading" ref={headingRef} tabIndex={-1} className={styles.heading}>
          {t(`admin.factory.step.${step}`)}
        </h2>
        {saved && step === 'machines' ? (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>{t('admin.factory.savedTitle')}</MessageBarTitle>
              {t('admin.factory.savedBody')}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        {body}
        {failure ? (
          <Text role="alert" className={styles.failure}>
            {failure}
          </Text>
        ) : null}
        <div className={styles.actions}>
          {previous && !AFTER_SAVE_STEPS.includes(step) ? <Button onClick={() => go(previous)}>{t('admin.factory.previous')}</Button> : null}
          {step === 'summary' ? (
            <Button appearance="primary" disabled={saving} onClick={() => void save()}>
              {t(factory === null ? 'admin.factory.create' : 'common.save')}
            </Button>
          ) : next && !AFTER_SAVE_STEPS.includes(next) ? (
            <Button appearance="primary" onClick={() => go(next)}>
              {t('admin.factory.next')}
            </Button>
          ) : null}
          <AppLink to={routePath('factories')}>{t('admin.factory.back')}</AppLink>
        </div>
      </section>
    </div>
  );
}

function hasConfiguration(draft: ConfigurationDraft): boolean {
  return draft.production_units.length + draft.work_shifts.length + draft.products.length + draft.downtime_reasons.length > 0;
}
