/** Operations the backend serves outside core's JSON contract: they answer bytes (documents, images) or nothing. */
export const notJsonOperations = [
  "GET /api/farmers/:id/documents/:kind",
  "GET /api/admin/investors/:id/ktp",
  "GET /api/invoices/:tokenId/documents/:kind",
  "GET /api/confirmations/:token/document",
  "GET /api/metadata/:id/image.svg",
  "GET /api/user/statement.pdf",
  "POST /api/auth/logout",
  "DELETE /api/teams/mine",
];
