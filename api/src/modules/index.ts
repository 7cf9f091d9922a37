import type { FastifyInstance } from 'fastify';
import type { Notifications } from '../db/index';
import { serveOpenApiDocument } from '../plugins/openapi';
import { healthRoutes } from './health/health.routes';
import { categoryRoutes } from './categories/categories.routes';
import { productRoutes } from './products/products.routes';
import { searchRoutes } from './search/search.routes';
import { userRoutes } from './users/users.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { advertRoutes } from './adverts/adverts.routes';
import { paymentRoutes } from './payments/payments.routes';
import { blogRoutes } from './blogs/blogs.routes';
import { reportRoutes } from './reports/reports.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { newsletterRoutes } from './newsletter/newsletter.routes';
import { imageRoutes } from './images/images.routes';
import { emailjsRoutes } from './emailjs/emailjs.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { outboxRoutes } from './outbox/outbox.routes';
import { adminRoutes } from './admins/admins.routes';
import { notificationRoutes } from './notifications/notifications.routes';
import { conversationRoutes } from './conversations/conversations.routes';
import { eventRoutes } from './events/events.routes';
import { savedRoutes } from './saved/saved.routes';
import { payoutRoutes } from './payouts/payouts.routes';
import { balanceRoutes } from './balances/balances.routes';
import { orderRoutes } from './orders/orders.routes';
import { disputeRoutes } from './disputes/disputes.routes';
import { clockRoutes } from './clock/clock.routes';
import { offerRoutes } from './offers/offers.routes';
import { moderationRoutes } from './moderation/moderation.routes';
import { blockRoutes } from './blocks/blocks.routes';
import { savedSearchRoutes } from './saved-searches/saved-searches.routes';
import { priceGuidanceRoutes } from './price-guidance/price-guidance.routes';
import { verificationRoutes } from './verifications/verifications.routes';
import { moderationWordsRoutes } from './moderation-words/moderation-words.routes';

export interface ApiModulesOptions {
  /** Database kind reported by /health. */
  databaseKind: string;
  notifications?: Notifications;
}

/** Every resource of the API, one plugin each, registered under `/api/v1` by app.ts. */
export async function apiModules(api: FastifyInstance, { databaseKind, notifications }: ApiModulesOptions) {
  await api.register(healthRoutes, { databaseKind });
  await api.register(categoryRoutes);
  await api.register(productRoutes);
  await api.register(searchRoutes);
  await api.register(userRoutes);
  await api.register(bookingRoutes);
  await api.register(advertRoutes);
  await api.register(paymentRoutes);
  await api.register(blogRoutes);
  await api.register(reportRoutes);
  await api.register(newsletterRoutes);
  await api.register(imageRoutes);
  await api.register(emailjsRoutes);
  await api.register(outboxRoutes);
  await api.register(dashboardRoutes);
  await api.register(adminRoutes);
  await api.register(notificationRoutes);
  await api.register(conversationRoutes);
  await api.register(eventRoutes, { notifications, ...api.deps.config.liveEvents });
  await api.register(reviewRoutes);
  await api.register(savedRoutes);
  await api.register(savedSearchRoutes);
  await api.register(payoutRoutes);
  await api.register(balanceRoutes);
  await api.register(orderRoutes);
  await api.register(disputeRoutes);
  await api.register(offerRoutes);
  await api.register(blockRoutes);
  await api.register(moderationRoutes);
  await api.register(priceGuidanceRoutes);
  await api.register(verificationRoutes);
  await api.register(moderationWordsRoutes);
  if (api.deps.config.money.testClock) await api.register(clockRoutes);
  api.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    serveOpenApiDocument(api),
  );
}
