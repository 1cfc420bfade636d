import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import type { Queryable } from '../db/db.ts';
import {
  deleteSavedFilter,
  factoryMembers,
  findSavedFilter,
  insertSavedFilter,
  listSavedFilterGroups,
  listSavedFilters,
  lockUserFilters,
  replaceSavedFilter,
  type SavedFilterGroupInput,
} from '../db/filters.ts';
import { ApiError, apiError } from '../errors.ts';
import { currentUser } from '../plugins/app/auth.ts';
import { validationItems } from '../plugins/app/error-handler.ts';
import {
  ERROR_CODES,
  SAVED_FILTER_LIMITS,
  nameLength,
  sameNameKey,
  selectionKey,
  type ApiErrorItem,
  type SavedFilter,
  type SavedFilterGroup,
  type SavedFilterGroupRow,
} from '@linepulse/contracts';
import { Uuid, withErrors } from '@linepulse/contracts';


const GroupBody = Type.Object(
  {
    name: Type.String({ description: `1 to ${SAVED_FILTER_LIMITS.nameMax} characters once trimmed; unique in the filter, any case` }),
    factory_id: Uuid,
    production_unit_ids: Type.Array(Uuid, { minItems: 1, description: 'Lines of that factory; a set (order and repeats are ignored)' }),
    work_shift_ids: Type.Array(Uuid, { minItems: 1, description: 'Shifts of that factory; a set (order and repeats are ignored)' }),
  },
  { additionalProperties: false },
);

export const SavedFilterBody = Type.Object(
  {
    name: Type.String({ description: `1 to ${SAVED_FILTER_LIMITS.nameMax} characters once trimmed; unique among the caller’s saved filters, any case` }),
    groups: Type.Array(GroupBody, {
      minItems: SAVED_FILTER_LIMITS.groupsMin,
      maxItems: SAVED_FILTER_LIMITS.groupsMax,
      description: 'Comparison groups, in display order. No two may select the same factory, lines and shifts, here or in another saved filter of the caller.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Invalid input is refused with every problem listed (GEN_VALIDATION for the shape, FLT_* for the rules, with arguments.field and, for a group, index from 0 and position from 1): 400, or 409 when the only problems are conflicts with the caller’s other saved filters (FLT_NAME_DUPLICATE, FLT_GROUP_DUPLICATE carrying filter_id). Nothing changes on error.',
  },
);

const groupFields = {
  id: Uuid,
  name: Type.String(),
  factory_id: Uuid,
  production_unit_ids: Type.Array(Uuid, { description: 'In the factory’s configuration order' }),
  work_shift_ids: Type.Array(Uuid, { description: 'In the factory’s configuration order' }),
};
const SavedFilterGroupSchema = Type.Object(groupFields);
export const SavedFilterSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  groups: Type.Array(SavedFilterGroupSchema),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export const SavedFilterGroupRowSchema = Type.Object({
  id: Uuid,
  filter_id: Uuid,
  filter_name: Type.String(),
  name: groupFields.name,
  factory_id: groupFields.factory_id,
  production_unit_ids: groupFields.production_unit_ids,
  work_shift_ids: groupFields.work_shift_ids,
});
const FilterIdParams = Type.Object({ filterId: Uuid });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const drift = <T extends true>(): T | undefined => undefined;
drift<Same<Static<typeof SavedFilterSchema>, SavedFilter>>();
drift<Same<Static<typeof SavedFilterGroupSchema>, SavedFilterGroup>>();
drift<Same<Static<typeof SavedFilterGroupRowSchema>, SavedFilterGroupRow>>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A group as far as it could be read; ids that are not uuids are left out (the schema reports them). */
interface GroupDraft {
  index: number;
  name: string | null;
  factory_id: string | null;
  production_unit_ids: string[];
  work_shift_ids: string[];
  /** Factory, lines and shifts all readable: the group can be compared with others. */
  complete: boolean;
}

export interface FilterDraft {
  name: string | null;
  groups: GroupDraft[];
  problems: ApiErrorItem[];
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function groupArgs(index: number, field: string): Record<string, string | number> {
  return { field: `groups.${index}${field ? `.${field}` : ''}`, index, position: index + 1 };
}

/** A set of uuids, lower case; whether every element was one. */
function idSet(value: unknown): { ids: string[]; clean: boolean } {
  if (!Array.isArray(value)) return { ids: [], clean: false };
  const ids = value.filter((id): id is string => typeof id === 'string' && UUID.test(id)).map((id) => id.toLowerCase());
  return { ids: [...new Set(ids)], clean: ids.length === value.length };
}

/**
 * Everything that can be checked without the database, on any JSON body, every problem listed with
 * `arguments.field` (and, for a group, its `index` from 0 and `position` from 1): names required and
 * at most 50 characters once trimmed, 1 to 10 groups, a factory and at least one line and one shift per
 * group, group names unique in the filter and no two groups with the same selection. Wrong types are
 * left to the JSON schema (GEN_VALIDATION).
 */
export function draftFilter(body: unknown): FilterDraft {
  const input = isObject(body) ? body : {};
  const problems: ApiErrorItem[] = [];
  const add = (code: string, args: Record<string, string | number>, message: string): void => {
    problems.push({ code, arguments: args, message: `${args.field}: ${message}` });
  };
  const max = SAVED_FILTER_LIMITS.nameMax;

  let name: string | null = null;
  if (typeof input.name === 'string' && input.name.trim() !== '') {
    name = input.name.trim();
    if (nameLength(name) > max) add(ERROR_CODES.filterNameTooLong, { field: 'name', max }, `at most ${max} characters`);
  } else if (input.name === undefined || input.name === null || typeof input.name === 'string') {
    add(ERROR_CODES.filterNameRequired, { field: 'name' }, 'the saved filter needs a name');
  }

  const { groupsMin: min, groupsMax } = SAVED_FILTER_LIMITS;
  const list = Array.isArray(input.groups) ? input.groups : [];
  if (input.groups === undefined || input.groups === null || (Array.isArray(input.groups) && (list.length < min || list.length > groupsMax))) {
    add(ERROR_CODES.filterGroupsRequired, { field: 'groups', min, max: groupsMax, count: list.length }, `${min} to ${groupsMax} comparison groups`);
  }

  const groups: GroupDraft[] = [];
  list.forEach((raw, index) => {
    if (!isObject(raw)) return;
    let groupName: string | null = null;
    if (typeof raw.name === 'string' && raw.name.trim() !== '') {
      groupName = raw.name.trim();
      if (nameLength(groupName) > max) add(ERROR_CODES.filterGroupNameTooLong, { ...groupArgs(index, 'name'), max }, `at most ${max} characters`);
    } else if (raw.name === undefined || raw.name === null || typeof raw.name === 'string') {
      add(ERROR_CODES.filterGroupNameRequired, groupArgs(index, 'name'), 'the group needs a name');
    }
    const factory = typeof raw.factory_id === 'string' && UUID.test(raw.factory_id) ? raw.factory_id.toLowerCase() : null;
    if (raw.factory_id === undefined || raw.factory_id === null) add(ERROR_CODES.filterFactoryRequired, groupArgs(index, 'factory_id'), 'choose a factory');
    const units = idSet(raw.production_unit_ids);
    const shifts = idSet(raw.work_shift_ids);
    const empty = (value: unknown): boolean => value === undefined || value === null || (Array.isArray(value) && value.length === 0);
    if (empty(raw.production_unit_ids)) add(ERROR_CODES.filterLinesRequired, groupArgs(index, 'production_unit_ids'), 'select at least one line');
    if (empty(raw.work_shift_ids)) add(ERROR_CODES.filterShiftsRequired, groupArgs(index, 'work_shift_ids'), 'select at least one shift');
    groups.push({
      index,
      name: groupName,
      factory_id: factory,
      production_unit_ids: units.ids,
      work_shift_ids: shifts.ids,
      complete: factory !== null && units.clean && shifts.clean && units.ids.length > 0 && shifts.ids.length > 0,
    });
  });

  // Repeats are reported on the later group, pointing at the first one.
  const names = new Map<string, GroupDraft>();
  const selections = new Map<string, GroupDraft>();
  for (const group of groups) {
    if (group.name !== null) {
      const first = names.get(sameNameKey(group.name));
      if (first) {
        add(
          ERROR_CODES.filterGroupNameDuplicate,
          { ...groupArgs(group.index, 'name'), name: group.name, other_index: first.index },
          `another group is named ${group.name}`,
        );
      } else names.set(sameNameKey(group.name), group);
    }
    if (group.complete) {
      const key = selectionKey(group as SavedFilterGroupInput);
      const first = selections.get(key);
      if (first) {
        add(
          ERROR_CODES.filterGroupDuplicate,
          { ...groupArgs(group.index, ''), name: group.name ?? '', other_index: first.index, other_group: first.name ?? '', other_filter: name ?? '' },
          `same factory, lines and shifts as group ${first.index + 1}`,
        );
      } else selections.set(key, group);
    }
  }
  return { name, groups, problems };
}

/**
 * The checks against stored data, for what the draft could read: factories of the caller's account,
 * lines and shifts of the group's factory, the name among the caller's other saved filters, and no
 * group identical to a group of another of the caller's saved filters (product §5: such a selection can
 * be applied but not saved).
 */
async function storedProblems(q: Queryable, accountId: string, draft: FilterDraft, others: SavedFilter[]): Promise<ApiErrorItem[]> {
  const problems: ApiErrorItem[] = [];
  const add = (code: string, args: Record<string, string | number>, message: string): void => {
    problems.push({ code, arguments: args, message: `${args.field}: ${message}` });
  };
  if (draft.name !== null) {
    const taken = others.find((filter) => sameNameKey(filter.name) === sameNameKey(draft.name!));
    if (taken) add(ERROR_CODES.filterNameDuplicate, { field: 'name', name: draft.name, filter_id: taken.id }, `you already have a saved filter named ${taken.name}`);
  }

  const factories = await factoryMembers(q, accountId, draft.groups.flatMap((g) => (g.factory_id ? [g.factory_id] : [])));
  const saved = new Map<string, { filter: SavedFilter; group: SavedFilterGroup }>();
  for (const filter of others) {
    for (const group of filter.groups) saved.set(selectionKey(group), { filter, group });
  }
  const reported = new Set(
    draft.problems.filter((p) => p.code === ERROR_CODES.filterGroupDuplicate).map((p) => Number(p.arguments.index)),
  );
  for (const group of draft.groups) {
    if (group.factory_id === null) continue;
    const members = factories.get(group.factory_id);
    if (!members) {
      add(ERROR_CODES.filterFactoryNotFound, { ...groupArgs(group.index, 'factory_id'), id: group.factory_id }, 'no such factory in your account');
      continue;
    }
    let foreign = false;
    for (const [field, ids, known, code, what] of [
      ['production_unit_ids', group.production_unit_ids, members.production_unit_ids, ERROR_CODES.filterLineNotInFactory, 'line'],
      ['work_shift_ids', group.work_shift_ids, members.work_shift_ids, ERROR_CODES.filterShiftNotInFactory, 'shift'],
    ] as const) {
      for (const id of ids) {
        if (known.has(id)) continue;
        foreign = true;
        add(code, { ...groupArgs(group.index, field), id }, `${what} ${id} is not in this factory`);
      }
    }
    if (!group.complete || foreign || reported.has(group.index)) continue;
    const match = saved.get(selectionKey(group as SavedFilterGroupInput));
    if (match) {
      add(
        ERROR_CODES.filterGroupDuplicate,
        {
          ...groupArgs(group.index, ''),
          name: group.name ?? '',
          filter_id: match.filter.id,
          other_group: match.group.name,
          other_filter: match.filter.name,
        },
        `same factory, lines and shifts as group ${match.group.name} of saved filter ${match.filter.name}`,
      );
    }
  }
  return problems;
}

/** Problems that are conflicts with the caller's other saved filters rather than invalid input. */
function isConflict(item: ApiErrorItem): boolean {
  return item.code === ERROR_CODES.filterNameDuplicate || (item.code === ERROR_CODES.filterGroupDuplicate && 'filter_id' in item.arguments);
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const pgError = error as { code?: unknown; constraint?: unknown };
  return pgError.code === '23505' && pgError.constraint === constraint;
}

const notFound = (id: string): ApiError => apiError(404, ERROR_CODES.filterNotFound, 'Saved filter not found.', { id });

/**
 * Saved filters of the company overview with their comparison groups (product §3, §5, §7), per account and
 * per user: every call sees and changes only the caller's own; anyone else's filter is a 404 like an
 * unknown one.
 */
export const filterRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  /**
   * Checks a POST or PUT body against the rules and the stored data and writes it, in one transaction
   * holding the caller's filter lock; any problem (all listed) leaves everything as it was.
   */
  async function save(request: FastifyRequest, filterId: string | null): Promise<SavedFilter> {
    const user = currentUser(request);
    const { validationError } = request;
    if (validationError?.validationContext === 'params') {
      throw new ApiError(400, validationItems((validationError.validation ?? []) as never[], 'params'));
    }
    const draft = draftFilter(request.body);
    // Where draftFilter named a field (a missing or empty name, list or group field), its coded item replaces the schema's.
    const coded = new Set(draft.problems.map((p) => String(p.arguments.field)));
    const shape = validationError
      ? validationItems((validationError.validation ?? []) as never[], 'body').filter((p) => !coded.has(String(p.arguments.field)))
      : [];
    // Never write a body the schema refused, even if its items all coincide with coded ones.
    if (validationError && shape.length === 0 && draft.problems.length === 0) {
      shape.push({ code: ERROR_CODES.validation, arguments: { field: 'body', in: 'body' }, message: 'body is invalid' });
    }

    const write = async (tx: Queryable): Promise<SavedFilter> => {
      await lockUserFilters(tx, user.account_id, user.user_id);
      const mine = await listSavedFilters(tx, user.account_id, user.user_id);
      if (filterId !== null && !mine.some((filter) => filter.id === filterId)) throw notFound(filterId);
      const others = mine.filter((filter) => filter.id !== filterId);
      const problems = [...shape, ...draft.problems, ...(await storedProblems(tx, user.account_id, draft, others))];
      if (problems.length > 0) throw new ApiError(problems.every(isConflict) ? 409 : 400, problems);

      // No problem left means the schema passed and every group is complete.
      const name = draft.name!;
      const groups: SavedFilterGroupInput[] = draft.groups.map((group) => ({
        name: group.name!,
        factory_id: group.factory_id!,
        production_unit_ids: group.production_unit_ids,
        work_shift_ids: group.work_shift_ids,
      }));
      const id = filterId ?? (await insertSavedFilter(tx, user.account_id, user.user_id, name, groups));
      if (filterId !== null) await replaceSavedFilter(tx, user.account_id, user.user_id, filterId, name, groups);
      return (await findSavedFilter(tx, user.account_id, user.user_id, id))!;
    };

    try {
      return await db.transaction(write);
    } catch (error) {
      // The unique index compares names with the database's lower(), which in rare cases (Greek final
      // sigma) folds two names into one where the check above did not.
      if (isUniqueViolation(error, 'saved_filters_user_name_key')) {
        throw apiError(409, ERROR_CODES.filterNameDuplicate, 'name: you already have a saved filter with this name', {
          field: 'name',
          name: draft.name ?? '',
        });
      }
      throw error;
    }
  }

  const tags = ['saved filters'];
  const security = [{ bearerAuth: [] }];

  app.get(
    '/filters',
    {
      schema: {
        summary: 'The caller’s saved filters by name (any case), each with its comparison groups in order',
        tags,
        security,
        response: withErrors({ 200: Type.Array(SavedFilterSchema) }, [401, 403, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return listSavedFilters(db, user.account_id, user.user_id);
    },
  );

  app.get(
    '/filter-groups',
    {
      schema: {
        summary: 'Every comparison group of the caller’s saved filters, flat, with its filter’s id and name',
        tags,
        security,
        response: withErrors({ 200: Type.Array(SavedFilterGroupRowSchema) }, [401, 403, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return listSavedFilterGroups(db, user.account_id, user.user_id);
    },
  );

  app.post(
    '/filters',
    {
      attachValidation: true,
      schema: {
        summary: 'Save a filter with its comparison groups for the caller',
        tags,
        security,
        body: SavedFilterBody,
        response: withErrors({ 201: SavedFilterSchema }, [400, 401, 403, 409, 500]),
      },
    },
    async (request, reply) => reply.status(201).send(await save(request, null)),
  );

  app.put(
    '/filters/:filterId',
    {
      attachValidation: true,
      schema: {
        summary: 'Rename a saved filter of the caller and replace its comparison groups (the groups get new ids); anyone else’s filter is 404 FLT_404',
        tags,
        security,
        params: FilterIdParams,
        body: SavedFilterBody,
        response: withErrors({ 200: SavedFilterSchema }, [400, 401, 403, 404, 409, 500]),
      },
    },
    async (request) => save(request, (request.params as { filterId: string }).filterId.toLowerCase()),
  );

  app.delete(
    '/filters/:filterId',
    {
      schema: {
        summary: 'Delete a saved filter of the caller; a preference selecting it is cleared in the same transaction',
        tags,
        security,
        params: FilterIdParams,
        response: withErrors({ 204: Type.Null({ description: 'No content' }) }, [400, 401, 403, 404, 500]),
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const filterId = request.params.filterId.toLowerCase();
      if (!(await deleteSavedFilter(db, user.account_id, user.user_id, filterId))) throw notFound(filterId);
      return reply.status(204).send(null);
    },
  );
};
