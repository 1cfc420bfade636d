import { Checkbox, Text } from '@fluentui/react-components';
import { useMemo, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import { SHIFT_TIME_PATTERN, WEEK_DAYS, type WeekDay } from '@linepulse/contracts';
import { newShift, type ShiftDraft } from '../../model/configuration-draft';
import { validateWorkShifts } from '../../model/configuration-problems';
import { ChoiceGroup, ItemFrame, NameAndKeyFields, StepFrame, TextField, replaced, useShownProblems, useStepStyles, type ConfigurationStepProps } from './step-parts';

/** The step check the wizard calls before moving on: an empty result lets it go. */
export const validateWorkShiftsStep = validateWorkShifts;

/**
 * Work shifts: name, key, the units it schedules, start and end (an end at or before the start is on the
 * next day, and the step says so), the days it starts. An overlap with another shift of a unit is shown
 * as soon as it arises, naming both shifts and the unit (contracts' rule, the api's).
 */
export function WorkShiftsStep({ draft, onChange, errors }: ConfigurationStepProps): ReactElement {
  const intl = useIntl();
  const styles = useStepStyles();
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const { problem, leave } = useShownProblems(validateWorkShifts(draft), errors);
  const shifts = draft.work_shifts;
  const units = draft.production_units;
  const [added, setAdded] = useState<string | null>(null);
  const change = (index: number, shift: ShiftDraft): void => onChange({ ...draft, work_shifts: replaced(shifts, index, shift) });
  // Monday 1 January 2024 and the six days after it, named in the admin's language.
  const dayNames = useMemo(
    () => Object.fromEntries(WEEK_DAYS.map((day, i) => [day, intl.formatDate(Date.UTC(2024, 0, 1 + i), { weekday: 'long', timeZone: 'UTC' })])) as Record<WeekDay, string>,
    [intl],
  );

  return (
    <StepFrame
      title={t('admin.config.shifts.title')}
      description={t('admin.config.shifts.description')}
      problem={problem('work_shifts')}
      note={units.length === 0 ? t('admin.config.shifts.noUnits') : undefined}
      empty={t('admin.config.shifts.empty')}
      addLabel={t('admin.config.shifts.add')}
      addDisabled={units.length === 0}
      onAdd={() => {
        const shift = newShift(draft);
        setAdded(shift.row);
        onChange({ ...draft, work_shifts: [...shifts, shift] });
      }}
      count={shifts.length}
    >
      {shifts.map((shift, index) => {
        const path = (field: keyof ShiftDraft): string => `work_shifts.${index}.${field}`;
        const legend = shift.name.trim() || t('admin.config.shifts.new');
        const overlap = problem(`work_shifts.${index}`, true);
        const timed = SHIFT_TIME_PATTERN.test(shift.start) && SHIFT_TIME_PATTERN.test(shift.end);
        const nextDay = timed && toMinutes(shift.end) <= toMinutes(shift.start);
        const unitsProblem = problem(path('production_units'));
        const daysProblem = problem(path('days'));
        const toggle = <T extends string>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));
        return (
          <ItemFrame
            key={shift.row}
            legend={legend}
            problem={overlap}
            removeLabel={t('admin.config.shifts.remove', { name: legend })}
            onRemove={() => onChange({ ...draft, work_shifts: shifts.filter((_, i) => i !== index) })}
          >
            <NameAndKeyFields items={shifts} index={index} section="work_shifts" autoFocus={shift.row === added} problem={problem} leave={leave} onItem={(item) => change(index, item)} />
            <div className={styles.row}>
              {(['start', 'end'] as const).map((field) => (
                <TextField
                  key={field}
                  type="time"
                  label={t(`admin.config.shifts.${field}`)}
                  hint={field === 'end' ? t('admin.config.shifts.timesHint') : undefined}
                  required
                  className={styles.narrow}
                  value={shift[field]}
                  problem={problem(path(field))}
                  onValue={(value) => change(index, { ...shift, [field]: value })}
                  onLeave={() => leave(path(field))}
                />
              ))}
            </div>
            {nextDay ? (
              <Text className={styles.note} aria-live="polite">
                {t(shift.start === shift.end ? 'admin.config.shifts.wholeDay' : 'admin.config.shifts.acrossMidnight', { end: shift.end })}
              </Text>
            ) : null}
            <ChoiceGroup legend={t('admin.config.shifts.units')} problem={unitsProblem}>
                {units.map((unit) => (
                  <Checkbox
                    key={unit.row}
                    label={unit.name.trim() || unit.key}
                    checked={shift.production_units.includes(unit.row)}
                    onChange={(_event, data) => {
                      leave(path('production_units'));
                      change(index, { ...shift, production_units: toggle(shift.production_units, unit.row, data.checked === true) });
                    }}
                  />
                ))}
            </ChoiceGroup>
            <ChoiceGroup legend={t('admin.config.shifts.days')} problem={daysProblem}>
                {WEEK_DAYS.map((day) => (
                  <Checkbox
                    key={day}
                    label={dayNames[day]}
                    checked={shift.days.includes(day)}
                    onChange={(_event, data) => {
                      leave(path('days'));
                      const days = toggle(shift.days, day, data.checked === true);
                      change(index, { ...shift, days: WEEK_DAYS.filter((d) => days.includes(d)) });
                    }}
                  />
                ))}
            </ChoiceGroup>
          </ItemFrame>
        );
      })}
    </StepFrame>
  );
}

const toMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
