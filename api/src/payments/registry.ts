import type { Config } from '../config';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';
import { SslcommerzGateway, sslcommerzOptionsFromEnv } from './sslcommerz/sslcommerz-gateway';

/** PAYMENT_GATEWAY=sandbox (default, hosted by this API) or sslcommerz (SSLCOMMERZ_* env). */
export function createGateway(config: Config, env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  switch (config.paymentGateway) {
    case 'sandbox':
      return new SandboxGateway(config.paymentSigningSecret, config.publicApiUrl);
    case 'sslcommerz':
      return new SslcommerzGateway({
        ...sslcommerzOptionsFromEnv(env, config.publicApiUrl),
        currency: config.currency,
      });
  }
}
