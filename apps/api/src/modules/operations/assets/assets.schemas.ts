import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { importBody } from '../bulk-import.js';
import { Priority } from '../issues/issues.schemas.js';

export const ASSET_STATUSES = ['ACTIVE', 'UNDER_MAINTENANCE', 'OUT_OF_SERVICE', 'RETIRED'] as const;
const Status = z.enum(ASSET_STATUSES);
const Name = z.string().trim().min(1).max(200);
/** Printed on the asset's label and in its QR code's page; also its natural key in the import. */
const Tag = z
  .string()
  .trim()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must start with a letter or digit and contain only letters, digits, ".", "_" and "-"');
const Serial = z.string().trim().min(1).max(100);
const CalendarDate = z.iso.date({ error: 'must be a valid date in YYYY-MM-DD format' });
const Notes = z.string().trim().min(1).max(2000);
const WARRANTY_RULE = 'must not be before purchaseDate';

function warrantyAfterPurchase(b: { purchaseDate?: string | null; warrantyUntil?: string | null }, ctx: z.RefinementCtx): void {
  if (b.purchaseDate && b.warrantyUntil && b.warrantyUntil < b.purchaseDate) ctx.addIssue({ code: 'custom', path: ['warrantyUntil'], message: WARRANTY_RULE });
}

export const CreateAssetBody = z
  .strictObject({
    outletId: z.uuid(),
    categoryId: z.uuid(),
    vendorId: z.uuid().optional(),
    name: Name,
    tag: Tag,
    serialNumber: Serial.optional(),
    purchaseDate: CalendarDate.optional(),
    warrantyUntil: CalendarDate.optional(),
    status: Status.default('ACTIVE'),
    notes: Notes.optional(),
  })
  .superRefine(warrantyAfterPurchase);
export type CreateAssetBody = z.infer<typeof CreateAssetBody>;

/** `null` clears an optional field; moving the asset to another outlet needs that outlet in the caller's scope too. */
export const UpdateAssetBody = z
  .strictObject({
    outletId: z.uuid().optional(),
    categoryId: z.uuid().optional(),
    vendorId: z.uuid().nullable().optional(),
    name: Name.optional(),
    tag: Tag.optional(),
    serialNumber: Serial.nullable().optional(),
    purchaseDate: CalendarDate.nullable().optional(),
    warrantyUntil: CalendarDate.nullable().optional(),
    status: Status.optional(),
    notes: Notes.nullable().optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one field')
  .superRefine(warrantyAfterPurchase);
export type UpdateAssetBody = z.infer<typeof UpdateAssetBody>;

/**
 * A row of a spreadsheet: the outlet by its code, the category and vendor by name (ignoring case).
 * The natural key is the tag: a row for a known tag changes the fields it gives and leaves the others.
 */
export const AssetImportRow = z
  .strictObject({
    tag: Tag,
    name: Name,
    outletCode: z.string().trim().min(1).max(40),
    categoryName: z.string().trim().min(1).max(120).meta({ description: 'An existing category: an unknown name fails the row' }),
    vendorName: z.string().trim().min(1).max(200).optional().meta({ description: 'An existing vendor: an unknown name fails the row' }),
    serialNumber: Serial.optional(),
    purchaseDate: CalendarDate.optional(),
    warrantyUntil: CalendarDate.optional(),
    status: Status.optional().meta({ description: 'ACTIVE for a new asset when absent' }),
    notes: Notes.optional(),
  })
  .superRefine(warrantyAfterPurchase);
export type AssetImportRow = z.infer<typeof AssetImportRow>;
export const ImportAssetsBody = importBody(AssetImportRow);

export const ListAssetsQuery = z.object({
  outletId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  vendorId: z.uuid().optional(),
  status: Status.optional(),
  search: z.string().trim().min(1).max(100).optional().meta({ description: 'Part of the name, tag or serial number, ignoring case' }),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListAssetsQuery = z.infer<typeof ListAssetsQuery>;

export const AssetIdParams = z.object({ id: z.uuid() });
export const AssetTagParams = z.object({ tag: Tag });

/** The quick-issue presets (two taps on the phone: the problem, then send), each with the priority it gets unless the caller says otherwise. */
export const QUICK_PROBLEMS = {
  NOT_WORKING: { label: 'Not working', priority: 'HIGH' },
  WRONG_TEMPERATURE: { label: 'Wrong temperature', priority: 'HIGH' },
  LEAKING: { label: 'Leaking', priority: 'HIGH' },
  NOISY: { label: 'Strange noise', priority: 'MEDIUM' },
  DAMAGED: { label: 'Damaged', priority: 'MEDIUM' },
  OTHER: { label: 'Problem', priority: 'MEDIUM' },
} as const;
export type QuickProblem = keyof typeof QUICK_PROBLEMS;

export const QuickIssueBody = z
  .strictObject({
    problem: z.enum(Object.keys(QUICK_PROBLEMS) as [QuickProblem, ...QuickProblem[]]).meta({ description: 'A preset; OTHER needs `details`' }),
    details: z.string().trim().min(1).max(2000).optional().meta({ description: 'What the person saw, in their words' }),
    priority: Priority.optional().meta({ description: "The preset's when absent: HIGH for NOT_WORKING, WRONG_TEMPERATURE and LEAKING, MEDIUM otherwise" }),
  })
  .refine((b) => b.problem !== 'OTHER' || b.details !== undefined, { path: ['details'], message: 'is required when problem is OTHER' });
export type QuickIssueBody = z.infer<typeof QuickIssueBody>;

export const AssetDto = z.object({
  id: z.uuid(),
  outlet: z.object({ id: z.uuid(), name: z.string(), code: z.string() }),
  category: z.object({ id: z.uuid(), name: z.string() }),
  vendor: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  name: z.string(),
  tag: z.string(),
  serialNumber: z.string().nullable(),
  purchaseDate: z.iso.date().nullable(),
  warrantyUntil: z.iso.date().nullable(),
  status: Status,
  notes: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AssetDto = z.infer<typeof AssetDto>;
