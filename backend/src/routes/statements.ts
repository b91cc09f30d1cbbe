import { errorBodySchema, statementAnswerSchema, statementQuerySchema } from "@farm/core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { documentDownload } from "../documents/download";
import { readStatement } from "../services/statements/statement";
import { statementToCsv } from "../services/statements/statement-csv";
import { statementToPdf } from "../services/statements/statement-pdf";
import { requireSession } from "../session";

const statementErrors = { 400: errorBodySchema, 401: errorBodySchema, 413: errorBodySchema };

/** GET /api/user/statement: the signed-in wallet's statement for a WIB date range, as JSON, CSV or PDF. */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const blockTime = async (blockNumber: bigint) =>
    new Date(Number((await app.chain.publicClient.getBlock({ blockNumber })).timestamp) * 1000);

  app.get(
    "/user/statement",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["statements"],
        summary:
          "My statement for from..to (WIB days): positions at both ends, every movement, totals; ?format=csv|pdf downloads it, ?as=farmer covers my invoices",
        security: [{ session: [] }],
        querystring: statementQuerySchema,
        response: { 200: statementAnswerSchema, ...statementErrors },
      },
    },
    async (request, reply) => {
      const address = requireSession(request).address;
      const query = request.query;
      const statement = await readStatement(app.db, address, query, app.config.rupiahPerGold, blockTime);
      const name = `farm-${query.as}-statement-${query.from}-${query.to}`;
      if (query.format === "csv")
        return reply
          .type("text/csv; charset=utf-8")
          .header("Content-Disposition", `attachment; filename="${name}.csv"`)
          .send(statementToCsv(statement));
      return statement;
    },
  );

  app.get(
    "/user/statement.pdf",
    {
      preHandler: app.authenticate,
      schema: {
        tags: ["statements"],
        summary: "My statement as a PDF (the same query), with a chart of the position over the period",
        security: [{ session: [] }],
        querystring: statementQuerySchema,
        produces: ["application/pdf"],
        response: { 200: documentDownload.body, ...statementErrors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const statement = await readStatement(
        app.db,
        requireSession(request).address,
        query,
        app.config.rupiahPerGold,
        blockTime,
      );
      return reply
        .type("application/pdf")
        .header(
          "Content-Disposition",
          `attachment; filename="farm-${query.as}-statement-${query.from}-${query.to}.pdf"`,
        )
        .send(Buffer.from(await statementToPdf(statement, query.lang)));
    },
  );
};
