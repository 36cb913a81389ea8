import { createRoute, z } from '@hono/zod-openapi';
import { QUESTION_KINDS, teamQuestionsBodySchema } from '../../src/domain/team-questions.ts';
import type { AppDeps } from '../deps.ts';
import { createAdminRoute } from '../http/admin-route.ts';
import { authFirst, requireUser } from '../http/auth.ts';
import { formBody } from '../http/form-body.ts';
import { BEARER, createRouter, errors, idParam, json, jsonBody } from '../http/openapi.ts';
import { requireStaffSession } from '../http/staff-auth.ts';
import {
  adminMembershipAnswers,
  adminTeamQuestions,
  athleteAnswers,
  changeMembershipAnswers,
  giveAthleteAnswers,
  membershipAnswers,
  setTeamQuestions,
  teamAnswers,
} from '../services/team-questions.ts';

/**
 * Issue 32 point 4, the club's own questions (docs/api.md "The club's own questions"): the owner's list of a team's
 * questions in the console, the answers on the roster and the membership page, and the family's answers from
 * /payments. The work is services/team-questions.ts's; answers are validated with src/domain/team-questions.ts.
 */

const TeamQuestionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(QUESTION_KINDS),
    prompt: z.string().describe("The club's own text, as the owner typed it"),
    options: z.array(z.string()).describe("A choice's options in order; [] for the other kinds"),
    required: z.boolean(),
  })
  .openapi('TeamQuestion');

const AnswersSchema = z.record(z.string(), z.string()).describe("Answers by question id ('' : not answered)");

const QuestionsAnswer = z.object({ questions: z.array(TeamQuestionSchema) });
const MembershipAnswersSchema = z
  .object({ questions: z.array(TeamQuestionSchema), answers: AnswersSchema, changeable: z.boolean() })
  .openapi('MembershipAnswers');

const idParams = z.object({ id: idParam('id') });
// Each answer a text, as the checkout's `answers` (server/routes/memberships.ts); its meaning is the questions' schema's.
const answersBody = z.object({ answers: z.record(z.string().max(12), z.string().max(1000)) });

const getQuestionsRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{id}/questions',
  permission: 'read_setup',
  summary: "A team's own questions, in the order asked (owners, registrars)",
  request: { params: idParams },
  responses: { 200: json(QuestionsAnswer) },
});

const putQuestionsRoute = createAdminRoute({
  method: 'put',
  path: '/api/admin/teams/{id}/questions',
  permission: 'edit_setup',
  summary:
    "Set a team's questions in order: stored ids edited, ids left out removed with their answers, new ones added (owners)",
  request: { params: idParams, body: jsonBody(formBody(teamQuestionsBodySchema)) },
  responses: { 200: json(QuestionsAnswer) },
});

const teamAnswersRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/teams/{id}/answers',
  permission: 'read_roster',
  summary: "A team's questions and each membership's answers (the roster; coaches: their own teams)",
  request: { params: idParams },
  responses: {
    200: json(
      z.object({
        questions: z.array(TeamQuestionSchema),
        memberships: z.array(z.object({ membership_id: z.number().int(), answers: AnswersSchema })),
      }),
    ),
  },
});

const adminMembershipAnswersRoute = createAdminRoute({
  method: 'get',
  path: '/api/admin/memberships/{id}/answers',
  permission: 'read_roster',
  summary: "One membership's answers to its team's questions (the membership page; coaches: their own teams)",
  request: { params: idParams },
  responses: { 200: json(z.object({ questions: z.array(TeamQuestionSchema), answers: AnswersSchema })) },
});

const familyAnswersRoute = createRoute({
  method: 'get',
  path: '/api/memberships/{id}/answers',
  tags: ['payments'],
  summary: "A membership's answers to its team's questions, and whether they can still be changed (season not started)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: idParams },
  responses: { 200: json(MembershipAnswersSchema), ...errors(401, 404, 422) },
});

const changeAnswersRoute = createRoute({
  method: 'put',
  path: '/api/memberships/{id}/answers',
  tags: ['payments'],
  summary: "Change a membership's answers until its season starts (422 after, or for an invalid answer)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: idParams, body: jsonBody(answersBody) },
  responses: { 200: json(MembershipAnswersSchema), ...errors(400, 401, 404, 422) },
});

const licenceCode = z.string().trim().min(1).max(64);
const athleteParams = z.object({ athlete_id: idParam('athlete_id') });
const AthleteAnswersSchema = z
  .object({ team_name: z.string(), questions: z.array(TeamQuestionSchema), answers: AnswersSchema })
  .openapi('AthleteAnswers');

const athleteAnswersRoute = createRoute({
  method: 'get',
  path: '/api/team-questions/athletes/{athlete_id}',
  tags: ['team-questions'],
  summary:
    "A team licence's own questions for a household athlete, with the athlete's answers on record (the athlete steps)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: {
    params: athleteParams,
    query: z.object({ license_code: licenceCode.openapi({ param: { name: 'license_code', in: 'query' } }) }),
  },
  responses: { 200: json(AthleteAnswersSchema), ...errors(401, 404, 422) },
});

const giveAthleteAnswersRoute = createRoute({
  method: 'put',
  path: '/api/team-questions/athletes/{athlete_id}/answers',
  tags: ['team-questions'],
  summary:
    "A household athlete's answers to a team licence's questions, validated whole and kept on the athlete (the checkout requires them)",
  security: BEARER,
  middleware: [authFirst] as const,
  request: { params: athleteParams, body: jsonBody(answersBody.extend({ license_code: licenceCode })) },
  responses: { 200: json(AthleteAnswersSchema), ...errors(400, 401, 404, 422) },
});

export function teamQuestionRoutes(deps: AppDeps) {
  const app = createRouter();
  const staff = (c: Parameters<typeof requireStaffSession>[0]) => requireStaffSession(c).staff;

  app.openapi(getQuestionsRoute, async (c) =>
    c.json(await adminTeamQuestions(deps, staff(c), c.req.valid('param').id), 200),
  );
  app.openapi(putQuestionsRoute, async (c) =>
    c.json(await setTeamQuestions(deps, staff(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
  app.openapi(teamAnswersRoute, async (c) => c.json(await teamAnswers(deps, staff(c), c.req.valid('param').id), 200));
  app.openapi(adminMembershipAnswersRoute, async (c) =>
    c.json(await adminMembershipAnswers(deps, staff(c), c.req.valid('param').id), 200),
  );
  app.openapi(familyAnswersRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await membershipAnswers(deps, auth.user, c.req.valid('param').id), 200);
  });
  app.openapi(changeAnswersRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await changeMembershipAnswers(deps, auth.user, c.req.valid('param').id, c.req.valid('json')), 200);
  });
  app.openapi(athleteAnswersRoute, async (c) => {
    const auth = await requireUser(c, deps);
    const { athlete_id } = c.req.valid('param');
    return c.json(await athleteAnswers(deps, auth.user, athlete_id, c.req.valid('query').license_code), 200);
  });
  app.openapi(giveAthleteAnswersRoute, async (c) => {
    const auth = await requireUser(c, deps);
    return c.json(await giveAthleteAnswers(deps, auth.user, c.req.valid('param').athlete_id, c.req.valid('json')), 200);
  });
  return app;
}
