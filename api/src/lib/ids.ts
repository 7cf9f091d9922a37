import { randomInt, randomUUID } from 'node:crypto';
import { MAX_TRANSACTION_ID } from 'shared-contracts/payments';

export const newId = (): string => randomUUID();
export const newTransactionId = (): number => randomInt(1, MAX_TRANSACTION_ID + 1);
