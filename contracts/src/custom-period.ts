import { Type, type Static } from 'typebox';
import { CUSTOM_PERIOD_MAX_DAYS, CUSTOM_PERIOD_NAME_MAX } from './constants';
import { Uuid } from './schemas/common';

/**
 * Custom periods (product §5, §8): the wire schema of POST/PUT /custom-periods. The rules of the admin
 * form and of those calls are in custom-period-rules.ts (no TypeBox: the form imports them),
 * re-exported here.
 */

export * from './custom-period-rules';

/** Body of POST /custom-periods and PUT /custom-periods/{id}. */
export const CustomPeriodInputSchema = Type.Object(
  {
    name: Type.String({ maxLength: 200, description: `1 to ${CUSTOM_PERIOD_NAME_MAX} letters, digits, hyphens, underscores or spaces; unique in the account (any case)` }),
    start_date: Type.String({ maxLength: 10, description: 'yyyy-LL-dd, before end_date' }),
    end_date: Type.String({ maxLength: 10, description: `yyyy-LL-dd, inclusive; at most ${CUSTOM_PERIOD_MAX_DAYS} days from start_date` }),
  },
  { additionalProperties: false },
);
export type CustomPeriodInput = Static<typeof CustomPeriodInputSchema>;

export const CustomPeriodIdParams = Type.Object({ id: Uuid });
