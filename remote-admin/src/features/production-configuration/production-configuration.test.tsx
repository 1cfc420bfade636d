import { fireEvent, screen, within } from '@testing-library/react';
import { useState, type ComponentType, type ReactElement } from 'react';
import { RemoteIntlProvider, type RemoteMessages } from '@linepulse/shared';
import { renderWithProviders } from '@linepulse/shared/testing';
import type { FactoryConfiguration } from '@linepulse/contracts';
import { messages as remoteMessages } from '../../messages';
import { draftFromConfiguration, type ConfigurationDraft } from '../../model/configuration-draft';
import { configurationProblemsFromApi, type ConfigurationProblems } from '../../model/configuration-problems';
import { productionConfigurationMessages } from './messages';
import { ProductionUnitsStep, validateProductionUnitsStep } from './production-units-step';
import { ProductsStep } from './products-step';
import { DowntimeReasonsStep } from './downtime-reasons-step';
import { WorkShiftsStep } from './work-shifts-step';
import type { ConfigurationStepProps } from './step-parts';

const messages: RemoteMessages = {
  en: { ...remoteMessages.en, ...productionConfigurationMessages.en },
  fr: { ...remoteMessages.fr, ...productionConfigurationMessages.fr },
  es: { ...remoteMessages.es, ...productionConfigurationMessages.es },
};

const stored: FactoryConfiguration = {
  production_units: [
    { id: 'u1', key: 'line-1', name: 'Line 1', converted_unit_name: 'caisses', packages: 12, cost_per_hour: 150, downtime_delay_seconds: 120 },
    { id: 'u2', key: 'line-2', name: 'Line 2', converted_unit_name: null, packages: null, cost_per_hour: null, downtime_delay_seconds: null },
  ],
  work_shifts: [{ id: 's1', key: 'day', name: 'Day', production_units: ['line-1', 'line-2'], start: '06:00', end: '14:00', days: ['monday', 'tuesday'] }],
  products: [{ id: 'p1', sku: 'SKU-1', name: 'Water', ideal_rate_per_hour: { 'line-1': 1200 } }],
  downtime_reasons: [{ id: 'r1', key: 'break', name: 'Break', category: 'People', is_planned: true, target_seconds: 900 }],
};

/** A step as the wizard holds it: the draft in state, the latest one readable by the test. */
function renderStep(Step: ComponentType<ConfigurationStepProps>, options: { errors?: ConfigurationProblems; draft?: ConfigurationDraft; language?: 'en' | 'fr' | 'es' } = {}) {
  const latest: { draft: ConfigurationDraft } = { draft: options.draft ?? draftFromConfiguration(stored) };
  function Wizard(): ReactElement {
    const [draft, setDraft] = useState(latest.draft);
    const change = (next: ConfigurationDraft): void => {
      latest.draft = next;
      setDraft(next);
    };
    return (
      <RemoteIntlProvider messages={messages}>
        <Step draft={draft} onChange={change} errors={options.errors} />
      </RemoteIntlProvider>
    );
  }
  const rendered = renderWithProviders(<Wizard />, { language: options.language });
  return { ...rendered, latest };
}

const item = (name: string): HTMLElement => screen.getByRole('group', { name });

describe('production units step', () => {
  it('adds a unit whose key follows its name until one is typed, and removes one', async () => {
    const { userEvent: user, latest } = renderStep(ProductionUnitsStep);
    await user.click(screen.getByRole('button', { name: 'Add a production unit' }));
    const added = item('New production unit');
    expect(within(added).getByLabelText(/^Name/)).toHaveFocus();
    await user.keyboard('Ligne d’étiquetage');
    const unit = item('Ligne d’étiquetage');
    expect(within(unit).getByLabelText(/^Key/)).toHaveValue('ligne-d-etiquetage');
    await user.clear(within(unit).getByLabelText(/^Key/));
    await user.type(within(unit).getByLabelText(/^Key/), 'labeller');
    await user.type(within(unit).getByLabelText(/^Name/), ' 2');
    expect(latest.draft.production_units[2]).toMatchObject({ key: 'labeller', name: 'Ligne d’étiquetage 2' });
    await user.click(within(item('Line 2')).getByRole('button', { name: 'Remove Line 2' }));
    expect(screen.getByRole('button', { name: 'Add a production unit' })).toHaveFocus();
    expect(latest.draft.production_units.map((u) => u.key)).toEqual(['line-1', 'labeller']);
    // The shift that scheduled Line 2 no longer names it.
    expect(latest.draft.work_shifts[0]!.production_units).toEqual(['u1']);
  });

  it('shows a field’s problem once the field is left, and keeps what was typed', async () => {
    const { userEvent: user, latest } = renderStep(ProductionUnitsStep);
    const unit = item('Line 2');
    await user.type(within(unit).getByLabelText(/^Items per package/), '0');
    expect(within(unit).queryByText(/A whole number/)).not.toBeInTheDocument();
    await user.tab();
    expect(within(unit).getByText('A whole number from 1 to 2,147,483,647')).toBeInTheDocument();
    await user.type(within(unit).getByLabelText(/^Cost per hour/), '12.345');
    await user.tab();
    expect(within(unit).getByText('A number from 0 to 9,999,999,999, with at most 2 decimals')).toBeInTheDocument();
    await user.type(within(unit).getByLabelText(/^Downtime delay/), '90000');
    await user.tab();
    expect(within(unit).getByText('A whole number from 1 to 86,400')).toBeInTheDocument();
    expect(latest.draft.production_units[1]).toMatchObject({ packages: '0', cost_per_hour: '12.345', downtime_delay_seconds: '90000' });
    await user.clear(within(unit).getByLabelText(/^Name/));
    await user.tab();
    expect(within(item('New production unit')).getByText('Required')).toBeInTheDocument();
  });

  it('refuses a key of the wrong form or a repeated one', async () => {
    const { userEvent: user } = renderStep(ProductionUnitsStep);
    const key = within(item('Line 2')).getByLabelText(/^Key/);
    await user.clear(key);
    await user.type(key, 'line 2');
    await user.tab();
    expect(within(item('Line 2')).getByText('Keys use letters, digits, dot, colon, hyphen and underscore (64 at most)')).toBeInTheDocument();
    await user.clear(key);
    await user.type(key, 'line-1');
    expect(within(item('Line 2')).getByText('The key line-1 is declared more than once')).toBeInTheDocument();
  });

  it('picks the unit production is counted in by measure, or any other count word', async () => {
    const { userEvent: user, latest } = renderStep(ProductionUnitsStep);
    const select = within(item('Line 2')).getByLabelText(/^Production counted in/);
    expect(within(select).getByRole('group', { name: 'Weight' })).toBeInTheDocument();
    await user.selectOptions(select, 'hL');
    expect(latest.draft.production_units[1]!.converted_unit_name).toBe('hL');
    // Line 1's word, in another language than the admin's, is offered as it is so the units add up.
    expect(within(select).getByRole('option', { name: 'caisses' })).toBeInTheDocument();
    await user.selectOptions(select, 'Other quantity…');
    await user.type(within(item('Line 2')).getByLabelText(/^Name of the counted item/), 'jars');
    expect(latest.draft.production_units[1]!.converted_unit_name).toBe('jars');
  });

  it('shows every problem the wizard’s step check found, without the fields being left', () => {
    const draft = draftFromConfiguration(stored);
    draft.production_units[1] = { ...draft.production_units[1]!, name: '', packages: 'two' };
    const errors = validateProductionUnitsStep(draft);
    expect(Object.keys(errors)).toEqual(['production_units.1.name', 'production_units.1.packages']);
    renderStep(ProductionUnitsStep, { draft, errors });
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(screen.getByText('A whole number from 1 to 2,147,483,647')).toBeInTheDocument();
  });

  it('shows the api’s refusal of a removal under the section', () => {
    const errors = configurationProblemsFromApi([{ code: 'CFG_IN_USE', arguments: { field: 'production_units', key: 'line-3' }, message: '' }], draftFromConfiguration(stored));
    renderStep(ProductionUnitsStep, { errors });
    expect(screen.getByRole('alert')).toHaveTextContent('line-3 cannot be removed: production data refers to it');
  });

  it('says when there is no unit yet', () => {
    renderStep(ProductionUnitsStep, { draft: { production_units: [], work_shifts: [], products: [], downtime_reasons: [] } });
    expect(screen.getByText('No production unit yet.')).toBeInTheDocument();
  });
});

describe('work shifts step', () => {
  const setTime = (shift: string, label: RegExp, value: string): void => {
    fireEvent.change(within(item(shift)).getByLabelText(label), { target: { value } });
  };

  it('adds a shift across midnight, says so, and refuses an overlap at once naming both shifts and the unit', async () => {
    const { userEvent: user, latest } = renderStep(WorkShiftsStep);
    await user.click(screen.getByRole('button', { name: 'Add a work shift' }));
    await user.type(within(item('New work shift')).getByLabelText(/^Name/), 'Night');
    setTime('Night', /^Start/, '22:00');
    setTime('Night', /^End/, '06:00');
    expect(within(item('Night')).getByText('Crosses midnight: ends the next day at 06:00.')).toBeInTheDocument();
    expect(within(item('Night')).queryByRole('alert')).not.toBeInTheDocument();
    setTime('Night', /^End/, '07:00');
    // Monday 22:00 to Tuesday 07:00 runs into Tuesday's day shift, which starts at 06:00.
    expect(within(item('Night')).getByRole('alert')).toHaveTextContent('The shifts Night and Day overlap on Line 1');
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Friday' }));
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Thursday' }));
    // A Sunday night would run into Monday's day shift: the next week counts too.
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Sunday' }));
    expect(within(item('Night')).getByRole('alert')).toHaveTextContent('The shifts Night and Day overlap on Line 1');
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Sunday' }));
    await user.click(within(item('Night')).getByRole('checkbox', { name: 'Saturday' }));
    expect(within(item('Night')).queryByRole('alert')).not.toBeInTheDocument();
    expect(latest.draft.work_shifts[1]).toMatchObject({ key: 'night', start: '22:00', end: '07:00', days: ['wednesday', 'saturday'], production_units: ['u1', 'u2'] });
  });

  it('requires at least one unit and one day, and both times', async () => {
    const { userEvent: user } = renderStep(WorkShiftsStep);
    const day = item('Day');
    await user.click(within(day).getByRole('checkbox', { name: 'Line 1' }));
    await user.click(within(day).getByRole('checkbox', { name: 'Line 2' }));
    expect(within(day).getByText('Choose at least one production unit')).toBeInTheDocument();
    await user.click(within(day).getByRole('checkbox', { name: 'Monday' }));
    await user.click(within(day).getByRole('checkbox', { name: 'Tuesday' }));
    expect(within(day).getByText('Choose at least one day')).toBeInTheDocument();
    setTime('Day', /^Start/, '');
    fireEvent.blur(within(day).getByLabelText(/^Start/));
    expect(within(day).getByText('Required')).toBeInTheDocument();
  });

  it('cannot add a shift before a unit exists, and says why', () => {
    renderStep(WorkShiftsStep, { draft: { production_units: [], work_shifts: [], products: [], downtime_reasons: [] } });
    expect(screen.getByText('Add a production unit first: a shift is scheduled on units.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a work shift' })).toBeDisabled();
  });

  it('speaks the admin’s language: days and the overlap', () => {
    const draft = draftFromConfiguration(stored);
    draft.work_shifts.push({ ...draft.work_shifts[0]!, row: 's2', key: 'long', name: 'Longue', start: '13:00', end: '18:00', days: ['monday'] });
    renderStep(WorkShiftsStep, { draft, language: 'fr' });
    expect(within(item('Longue')).getByRole('alert')).toHaveTextContent('Les équipes Longue et Day se chevauchent sur Line 1');
    expect(within(item('Longue')).getByRole('checkbox', { name: 'lundi' })).toBeChecked();
  });
});

describe('products step', () => {
  it('takes a rate per unit, refuses one that is not a positive number, and a repeated SKU', async () => {
    const { userEvent: user, latest } = renderStep(ProductsStep);
    const water = item('Water');
    await user.type(within(water).getByLabelText('Ideal rate on Line 2 (per hour)'), '0');
    await user.tab();
    expect(within(water).getByText('A number from 0.0001 to 1,000,000,000, with at most 4 decimals')).toBeInTheDocument();
    await user.clear(within(water).getByLabelText('Ideal rate on Line 2 (per hour)'));
    await user.type(within(water).getByLabelText('Ideal rate on Line 2 (per hour)'), '950,5');
    expect(within(water).queryByText(/A number from/)).not.toBeInTheDocument();
    expect(latest.draft.products[0]!.ideal_rate_per_hour).toEqual({ u1: '1200', u2: '950,5' });
    await user.click(screen.getByRole('button', { name: 'Add a product' }));
    await user.type(within(item('New product')).getByLabelText(/^SKU/), 'SKU-1');
    await user.tab();
    expect(within(item('SKU-1')).getByText('The SKU SKU-1 is declared more than once')).toBeInTheDocument();
  });
});

describe('downtime reasons step', () => {
  it('asks a target only of planned reasons, in minutes above 0', async () => {
    const { userEvent: user, latest } = renderStep(DowntimeReasonsStep);
    const target = within(item('Break')).getByLabelText(/^Target duration/);
    expect(target).toHaveValue('15');
    await user.clear(target);
    await user.type(target, '0');
    await user.tab();
    expect(within(item('Break')).getByText('A duration in minutes above 0, with at most 2 decimals')).toBeInTheDocument();
    await user.click(within(item('Break')).getByRole('switch', { name: 'Planned downtime' }));
    expect(within(item('Break')).queryByLabelText(/^Target duration/)).not.toBeInTheDocument();
    expect(latest.draft.downtime_reasons[0]!.is_planned).toBe(false);
  });

  it('adds a reason with its key from its name and requires its category', async () => {
    const { userEvent: user, latest } = renderStep(DowntimeReasonsStep);
    await user.click(screen.getByRole('button', { name: 'Add a downtime reason' }));
    await user.type(within(item('New downtime reason')).getByLabelText(/^Name/), 'Changement de format');
    const reason = item('Changement de format');
    await user.click(within(reason).getByLabelText(/^Category/));
    await user.tab();
    expect(within(reason).getByText('Required')).toBeInTheDocument();
    await user.type(within(reason).getByLabelText(/^Category/), 'Setup');
    expect(latest.draft.downtime_reasons[1]).toMatchObject({ key: 'changement-de-format', category: 'Setup', is_planned: false });
  });
});
