import { errorBodySchema, farmerReviewsResponseSchema } from "@farm/core";
import { desc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getAddress } from "viem";
import { farmerReviews, farmers } from "../db/schema";

/** How many of the latest decisions the admin page shows. */
const historyLength = 50;

export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/admin/reviews",
    {
      preHandler: app.requireRole("admin"),
      schema: {
        tags: ["admin"],
        summary: "The latest admin decisions on farmer registrations (who, when, reason), newest first",
        security: [{ session: [] }],
        response: { 200: farmerReviewsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          farmerId: farmerReviews.farmerId,
          businessName: farmers.businessName,
          adminAddress: farmerReviews.adminAddress,
          action: farmerReviews.action,
          statusBefore: farmerReviews.statusBefore,
          statusAfter: farmerReviews.statusAfter,
          reason: farmerReviews.reason,
          createdAt: farmerReviews.createdAt,
        })
        .from(farmerReviews)
        .innerJoin(farmers, eq(farmers.id, farmerReviews.farmerId))
        .orderBy(desc(farmerReviews.createdAt))
        .limit(historyLength);
      return {
        items: rows.map((row) => ({
          farmerId: row.farmerId,
          businessName: row.businessName,
          adminAddress: getAddress(row.adminAddress),
          action: row.action === "reject" ? ("reject" as const) : ("approve" as const),
          statusBefore: row.statusBefore,
          statusAfter: row.statusAfter,
          reason: row.reason,
          decidedAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
