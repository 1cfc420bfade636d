import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../plugins/app/auth.ts';
import { getPreferences, savePreferences } from '../db/preferences.ts';
import { ApiError } from '../errors.ts';
import { ERROR_CODES, normalisePreferences, preferencesProblems } from '@linepulse/contracts';
import { withErrors } from '@linepulse/contracts';
import { PreferencesBody, PreferencesSchema } from '@linepulse/contracts';

/**
 * GET/PUT /api/user/preferences. Open to every signed-in user, including one not enabled for the
 * product: the unauthorized page still follows their language and theme.
 */
export const preferencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user/preferences',
    {
      config: { access: 'user' },
      schema: {
        summary: "The caller's preferences (normalised; defaults when none are stored)",
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        response: withErrors({ 200: PreferencesSchema }, [401, 403, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      return getPreferences(app.db, user.account_id, user.user_id);
    },
  );

  app.put(
    '/user/preferences',
    {
      config: { access: 'user' },
      schema: {
        summary: "Replace the caller's preferences; the selected saved filter must be one of the caller's own (400 PREF_FILTER_NOT_FOUND otherwise)",
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        body: PreferencesBody,
        response: withErrors({ 200: PreferencesSchema }, [400, 401, 403, 500]),
      },
    },
    async (request) => {
      const user = currentUser(request);
      // The schema checked the shape; the shared rules add what JSON Schema cannot (real dates).
      const problems = preferencesProblems(request.body);
      if (problems.length > 0) {
        throw new ApiError(
          400,
          problems.map((message) => ({ code: ERROR_CODES.preferencesInvalid, arguments: { problem: message }, message })),
        );
      }
      const preferences = normalisePreferences(request.body);
      if (!(await savePreferences(app.db, user.account_id, user.user_id, preferences))) {
        const id = preferences.tilelytics.selected_tilelytics_filter_id ?? '';
        throw new ApiError(400, {
          code: ERROR_CODES.preferencesFilterNotFound,
          arguments: { field: 'tilelytics.selected_tilelytics_filter_id', id },
          message: `Saved filter ${id} is not one of the caller's.`,
        });
      }
      return getPreferences(app.db, user.account_id, user.user_id);
    },
  );
};
