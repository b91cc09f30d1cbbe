import { activityAnswerSchema, activityQuerySchema, errorBodySchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { readActivityForExport, readActivityPage } from "../services/activity/activity";
import { activityToCsv } from "../services/activity/activity-csv";
import { requireSession } from "../session";

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/user/activity",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["game"],
        summary:
          "My history (investments, waterings, harvests, refunds, level-ups), newest first; ?format=csv exports it",
        security: [{ session: [] }],
        querystring: activityQuerySchema,
        response: {
          // JSON page, or with ?format=csv a text/csv file.
          200: activityAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const address = requireSession(request).address;
      if (request.query.format === "csv") {
        const csv = activityToCsv(await readActivityForExport(app.db, address));
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="farm-activity-${address}.csv"`)
          .send(csv);
      }
      return readActivityPage(app.db, address, request.query.limit, request.query.cursor);
    },
  );
};
