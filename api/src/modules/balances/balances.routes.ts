import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BalanceSchema, MoneyTotalsSchema, StatementSchema } from 'shared-contracts/money';
import { PaginationQuerySchema } from 'shared-contracts/pagination';
import { requireUser } from '../../auth/access';
import { attachment, dhakaDate } from '../../lib/csv';
import { sendTotal } from '../../lib/http';
import { statementPage, wholeStatement } from './balances.repository';
import { balanceOf, moneyTotals } from './balances.service';
import { statementCsv, toStatementLine } from './balances.wire';

/**
 * A user's balance and statement, and the operators' totals (docs/product.md#money). Reads only:
 * the money moves through the orders and payouts modules.
 */
export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const bearer = [{ bearerAuth: [] }];

  app.get(
    '/balance',
    {
      config: { access: 'user' },
      schema: { tags: ['balances'], security: bearer, response: { 200: BalanceSchema } },
    },
    async (request) => balanceOf(db, requireUser(request).id, config),
  );

  app.get(
    '/balance/statement',
    {
      config: { access: 'user' },
      schema: {
        tags: ['balances'],
        security: bearer,
        querystring: PaginationQuerySchema,
        response: { 200: StatementSchema },
      },
    },
    async (request, reply) => {
      const { rows, total } = await statementPage(db, requireUser(request).id, request.query);
      sendTotal(reply, total);
      return rows.map(toStatementLine);
    },
  );

  app.get(
    '/balance/statement.csv',
    { config: { access: 'user' }, schema: { tags: ['balances'], security: bearer } },
    async (request, reply) => {
      const lines = (await wholeStatement(db, requireUser(request).id)).map(toStatementLine);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment(`secondbyte-statement-${dhakaDate(app.deps.now())}.csv`))
        .header('cache-control', 'no-store')
        .send(statementCsv(lines));
    },
  );

  app.get(
    '/admin/money',
    {
      config: { access: ['admin'] },
      schema: { tags: ['balances'], security: bearer, response: { 200: MoneyTotalsSchema } },
    },
    async () => moneyTotals(db),
  );
};
