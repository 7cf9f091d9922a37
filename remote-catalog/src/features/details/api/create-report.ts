import { useMutation } from '@tanstack/react-query';
import { apiRequest } from 'runtime-kernel';
import type { CreateReport } from 'shared-contracts/reports';
import type { InsertResult } from 'shared-contracts/errors';

export const createReport = (input: CreateReport) =>
  apiRequest<InsertResult>('/reports', { method: 'POST', body: input, auth: true });

export const useCreateReport = () => useMutation({ mutationFn: createReport });
