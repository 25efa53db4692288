import { z } from 'zod';
import { importBody } from '../bulk-import.js';

const Name = z.string().trim().min(1).max(120);
const Description = z.string().trim().min(1).max(2000);

export const CreateAssetCategoryBody = z.strictObject({ name: Name, description: Description.optional() });
export type CreateAssetCategoryBody = z.infer<typeof CreateAssetCategoryBody>;

/** `description: null` clears it. */
export const UpdateAssetCategoryBody = z
  .strictObject({ name: Name.optional(), description: Description.nullable().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: name, description');
export type UpdateAssetCategoryBody = z.infer<typeof UpdateAssetCategoryBody>;

/** The natural key is the name (ignoring case): a row matching a live category updates its description when it gives one. */
export const AssetCategoryImportRow = CreateAssetCategoryBody;
export const ImportAssetCategoriesBody = importBody(AssetCategoryImportRow);

export const AssetCategoryIdParams = z.object({ id: z.uuid() });

export const AssetCategoryDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  assetCount: z.number().int().meta({ description: 'Live assets in the category, across the tenant' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AssetCategoryDto = z.infer<typeof AssetCategoryDto>;
