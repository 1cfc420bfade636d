/**
 * The api's entry to the shared rules and wire contracts (`@linepulse/shared/rules`): the same
 * validation, constants and time rules the front end uses.
 */
export * from '@linepulse/shared/rules';
