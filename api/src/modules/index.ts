import type { FastifyInstance } from 'fastify';
import type { Notifications } from '../db/index';
import { serveOpenApiDocument } from '../plugins/openapi';
import { healthRoutes } from '../routes/health';
import { categoryRoutes } from '../routes/categories';
import { productRoutes } from './products/products.routes';
import { searchRoutes } from '../routes/search';
import { userRoutes } from './users/users.routes';
import { bookingRoutes } from './bookings/bookings.routes';
import { advertRoutes } from './adverts/adverts.routes';
import { paymentRoutes } from '../routes/payments';
import { blogRoutes } from '../routes/blogs';
import { reportRoutes } from './reports/reports.routes';
import { reviewRoutes } from './reviews/reviews.routes';
import { newsletterRoutes } from '../routes/newsletter';
import { imageRoutes } from '../routes/images';
import { emailjsRoutes } from '../routes/emailjs';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { outboxRoutes } from '../routes/outbox';
import { adminRoutes } from './admins/admins.routes';
import { notificationRoutes } from '../routes/notifications';
import { conversationRoutes } from '../routes/conversations';
import { eventRoutes } from '../routes/events';
import { savedRoutes } from './saved/saved.routes';

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
  api.get(
    '/openapi.json',
    { config: { access: 'public' }, schema: { hide: true } },
    serveOpenApiDocument(api),
  );
}
