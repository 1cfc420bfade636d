import {
  INTERVALS,
  INTERVAL_RULES,
  defaultInterval,
  intervalProblem,
  type FactoryCalendar,
  type Interval,
  type IntervalProblem,
  type TimeWindow,
} from '@linepulse/contracts';

export interface IntervalChoice {
  interval: Interval;
  problem: IntervalProblem | null;
}

export interface IntervalState {
  /** Every interval with why it cannot be used for this window (null when it can). */
  choices: IntervalChoice[];
  /** The interval to draw: the user's pick when allowed, else the default for the window's length. */
  interval: Interval | null;
  /** The window is 365 days or more: no view by interval ("Not allowed"). */
  notAllowed: boolean;
  /** The window is shorter than every interval's minimum (a week or month begun under an hour ago). */
  tooShort: boolean;
  /** The user's pick could not be used for this window. */
  pickRefused: IntervalChoice | null;
}

/** Product §9: default by the range's length (decision 0036), maximums, minimums, "Not allowed" at 365 days or more. */
export function intervalState(picked: Interval | null, window: TimeWindow | null, calendar: FactoryCalendar | null): IntervalState {
  if (!window || !calendar) {
    return { choices: INTERVALS.map((interval) => ({ interval, problem: null })), interval: null, notAllowed: false, tooShort: false, pickRefused: null };
  }
  const choices = INTERVALS.map((interval) => ({ interval, problem: intervalProblem(interval, window, calendar) }));
  const fallback = defaultInterval(window, calendar);
  const notAllowed = fallback === null && choices.some((choice) => choice.problem === 'not_allowed');
  const tooShort = fallback === null && !notAllowed;
  const pickedChoice = picked ? choices.find((choice) => choice.interval === picked) ?? null : null;
  const pickAllowed = pickedChoice !== null && pickedChoice.problem === null;
  return {
    choices,
    interval: fallback === null ? null : pickAllowed ? picked : fallback,
    notAllowed,
    tooShort,
    pickRefused: pickedChoice && !pickAllowed ? pickedChoice : null,
  };
}

export { INTERVALS, INTERVAL_RULES, type Interval };
