import { z } from 'zod';

/** Device logs: at most this many lines per request, each at most this long (Wallet sends a few short ones). */
export const MAX_LOG_LINES = 50;
export const MAX_LOG_LINE_LENGTH = 1000;

const DeviceLibraryIdentifier = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,128}$/, 'must be 1 to 128 letters, digits, dots, dashes or underscores')
  .meta({ description: "The device's identifier for its pass library, chosen by Wallet", example: '4d3c9f7a0b1e2d5c6a7b8c9d0e1f2a3b' });

const PassTypeIdentifier = z
  .string()
  .regex(/^pass\.[A-Za-z0-9.-]{1,123}$/, 'must be a pass type identifier (pass.…)')
  .meta({ description: "The operator's pass type identifier (WALLET_PASS_TYPE_IDENTIFIER)", example: 'pass.com.example.door-access' });

const SerialNumber = z.uuid().meta({ description: "The pass's serial number" });

export const RegistrationParams = z.object({ deviceLibraryIdentifier: DeviceLibraryIdentifier, passTypeIdentifier: PassTypeIdentifier, serialNumber: SerialNumber });
export const DeviceParams = z.object({ deviceLibraryIdentifier: DeviceLibraryIdentifier, passTypeIdentifier: PassTypeIdentifier });
export const PassParams = z.object({ passTypeIdentifier: PassTypeIdentifier, serialNumber: SerialNumber });

export const RegisterBody = z.strictObject({
  pushToken: z
    .string()
    .regex(/^[0-9a-fA-F]{16,200}$/, 'must be an APNs device token (hex)')
    .meta({ description: 'The APNs token the server pushes pass updates to', example: '8f2a6c1e9b3d4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c' }),
});

export const UpdatedPassesQuery = z.object({
  passesUpdatedSince: z
    .string()
    .regex(/^\d{1,15}$/, 'must be a tag this service answered as lastUpdated')
    .optional()
    .meta({ description: '`lastUpdated` of an earlier answer; absent: every pass the device registered', example: '1764700000000' }),
});

export const UpdatedPassesDto = z.object({
  serialNumbers: z.array(z.uuid()).meta({ description: 'Passes changed since the tag; the device fetches each' }),
  lastUpdated: z.string().meta({ description: 'The tag to send as passesUpdatedSince next time', example: '1764700000000' }),
});

export const DeviceLogBody = z.strictObject({
  logs: z.array(z.string().max(MAX_LOG_LINE_LENGTH)).max(MAX_LOG_LINES).meta({ description: 'Error messages from Wallet about this web service' }),
});

export const PkpassFile = z.string().meta({ format: 'binary', description: 'A signed pass bundle (ZIP: pass.json, images, manifest.json, signature)' });
