import type { Config } from '../config';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox';

export function createGateway(config: Config): PaymentGateway {
  switch (config.paymentGateway) {
    case 'sandbox':
      return new SandboxGateway(config.paymentSigningSecret, config.publicApiUrl);
  }
}
