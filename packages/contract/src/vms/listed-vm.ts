import { z } from 'zod';

/**
 * The fields every list of a customer's machines (Products, Archived, Renewals) begins with, in
 * the spec's wire names. Counts are GB for RAM and disk and cores for the processor.
 */
export const listedVmFields = {
  ID: z.number().int(),
  vmName: z.string(),
  aliasName: z.string().nullable(),
  operatingSystem: z.string(),
  cpu_Count: z.number().int(),
  ram_Count: z.number().int(),
  disk_Count: z.number().int(),
};
