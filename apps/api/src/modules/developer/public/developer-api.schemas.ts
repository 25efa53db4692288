import { z } from 'zod';
import { envelopeSchema, publicListQuery } from '../../../http/public-list.js';

export const PublicOutletsQuery = publicListQuery({});
export type PublicOutletsQuery = z.infer<typeof PublicOutletsQuery>;

/** Oldest first by default; `newest` reverses it (spec 01). */
export const PublicEmployeesQuery = publicListQuery({ order: z.enum(['newest']).optional() });
export type PublicEmployeesQuery = z.infer<typeof PublicEmployeesQuery>;

export const PublicOutletDto = z.object({
  id: z.uuid(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  createdAt: z.iso.datetime(),
});
export type PublicOutletDto = z.infer<typeof PublicOutletDto>;

export const PublicEmployeeDto = z.object({
  id: z.uuid(),
  fullName: z.string(),
  email: z.string().nullable().meta({ description: 'Null for a person known only by mobile number' }),
  status: z.enum(['ACTIVE', 'INACTIVE']),
});
export type PublicEmployeeDto = z.infer<typeof PublicEmployeeDto>;

export const PublicOutletsPage = envelopeSchema(PublicOutletDto);
export const PublicEmployeesPage = envelopeSchema(PublicEmployeeDto);
